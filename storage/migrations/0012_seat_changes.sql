-- Seats change hands (issue 46): a seat handed to another member (`/game seat replace`), or claimed
-- (`/game seat claim`, a button of `/game list`) when it looks for a player or is an AI seat of a
-- table opened with claimable AI seats. The engine never knows: the seat number stays, only
-- the person behind it changes, so a game is still its seed and its moves.

-- 1: the seat's player left (resigned, or the AI took over after timeouts) and the table looks
-- for someone to take it over; `/game list` shows it.
ALTER TABLE seats ADD COLUMN seeking {int} NOT NULL DEFAULT 0;
-- The seat's earlier players (user ids, space-separated, oldest first): their buttons get a
-- friendly "this seat was handed over" instead of "you are not playing".
ALTER TABLE seats ADD COLUMN former TEXT NOT NULL DEFAULT '';

-- The hand-overs: host-level events beside the engine's log (a replay tells them where they
-- happened). `version`: the game's version at the time (after move `version`); `n` counts a
-- game's changes from 1. `from_user`/`from_ai`: who held the seat (an AI seat has no user);
-- `by_user`: who did it (the player, a server manager, or the claimer); `how`: 'handed' or
-- 'claimed'.
CREATE TABLE seat_changes (
    game_id   {int} NOT NULL REFERENCES games (id),
    n         {int} NOT NULL,
    version   {int} NOT NULL,
    seat      {int} NOT NULL,
    from_user {int},
    from_ai   TEXT,
    to_user   {int} NOT NULL,
    by_user   {int} NOT NULL,
    how       TEXT    NOT NULL CHECK (how IN ('handed', 'claimed')),
    at        {real}    NOT NULL,
    PRIMARY KEY (game_id, n)
){without_rowid};
