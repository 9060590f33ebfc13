-- Several bot processes on one database (issue 29).
--
-- `revision` counts every write to a game's row or seats (a move, a lobby change, a schedule,
-- a seat's flags, what was last sent to a seat's player). A process keeps decoded games in
-- memory; before it uses one it compares the stored revision with its own, so a game another
-- process changed is read again, never used stale. Writes made without a move are guarded by
-- it (`... WHERE revision = ?`), so a process cannot write over a change it has not seen.
ALTER TABLE games ADD COLUMN revision {int} NOT NULL DEFAULT 0;

-- A claim: which process does a piece of work (`kind`: 'due' = a game's deadlines, reminders
-- and AI turns; 'deliver' = sending its outbox) until `lease_until`. Taken in one statement
-- (an upsert whose update applies only to the same owner or to an expired lease), so two
-- live processes never both hold one; a process that died leaves a claim another takes over
-- once its lease has run out. Released (deleted) when the work is done.
CREATE TABLE claims (
    kind TEXT NOT NULL,
    game_id {int} NOT NULL,
    owner TEXT NOT NULL,
    lease_until {real} NOT NULL,
    PRIMARY KEY (kind, game_id)
){without_rowid};
