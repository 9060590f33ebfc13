-- Words live in the presentation (issue 26): a move stores whether it is secret, no longer the
-- words others were shown of it (the engine said "changed their offering"; the presentation
-- now words a secret move from its public events). The log stays append-only: its update
-- trigger steps aside for this one rewrite of old rows and comes back unchanged.
{events_append_only_update_drop}
ALTER TABLE events ADD COLUMN secret {int} NOT NULL DEFAULT 0;
UPDATE events SET secret = 1 WHERE public_label IS NOT NULL;
ALTER TABLE events DROP COLUMN public_label;
{events_append_only_update}
