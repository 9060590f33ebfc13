-- Words live in the presentation (issue 26): a move stores whether it is secret, no longer the
-- words others were shown of it (the engine said "changed their offering"; the presentation
-- now words a secret move from its public events).
ALTER TABLE events ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;
UPDATE events SET secret = 1 WHERE public_label IS NOT NULL;
ALTER TABLE events DROP COLUMN public_label;
