-- PostgreSQL twin of ../0005_secret_moves.sql: the update trigger steps aside for this one
-- rewrite of old rows and comes back unchanged.
DROP TRIGGER events_append_only_update ON events;
ALTER TABLE events ADD COLUMN secret BIGINT NOT NULL DEFAULT 0;
UPDATE events SET secret = 1 WHERE public_label IS NOT NULL;
ALTER TABLE events DROP COLUMN public_label;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
