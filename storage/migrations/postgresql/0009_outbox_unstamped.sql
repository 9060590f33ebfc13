-- The outbox no longer stamps which run of the bot sent a version (`claimed_by`, `claimed_at`
-- of migration 0004): nothing ever read the stamp, and writing it cost every delivery a commit
-- (issue 43). Exactly once rests on the game's `deliver` claim (several processes), its
-- delivery lock, and each board's nonce (a send repeated after a crash gets back the message
-- already posted).
ALTER TABLE outbox DROP COLUMN claimed_by;
ALTER TABLE outbox DROP COLUMN claimed_at;
