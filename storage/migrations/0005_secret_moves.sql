-- Words live in the presentation (issue 26): a move stores whether it is secret, no longer the
-- words others were shown of it (the engine said "changed their offering"; the presentation
-- now words a secret move from its public events). The log stays append-only: its update
-- trigger steps aside for this one rewrite of old rows and comes back unchanged.
DROP TRIGGER events_append_only_update;
ALTER TABLE events ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;
UPDATE events SET secret = 1 WHERE public_label IS NOT NULL;
ALTER TABLE events DROP COLUMN public_label;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
