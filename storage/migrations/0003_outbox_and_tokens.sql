-- What every committed version must announce (the outbox), per-seat decision tokens, what was
-- last sent to each player privately, their standing order for optional windows, and the
-- public form of secret actions in the log.

-- One row per committed version (0 = the start): written in the move's own transaction, sent
-- by the bot afterwards in version order, then marked sent. A restart sends what is unsent.
CREATE TABLE outbox (
    game_id    {int} NOT NULL REFERENCES games (id),
    version    {int} NOT NULL,
    note       TEXT    NOT NULL DEFAULT '',   -- why the move was not its player's (timeout, AI)
    board      {int} NOT NULL DEFAULT 0,    -- 1: the channel gets a board for this version
    created_at {real}    NOT NULL,
    sent_at    {real},                          -- NULL until delivered
    PRIMARY KEY (game_id, version)
){without_rowid};
CREATE INDEX outbox_unsent ON outbox (game_id, version) WHERE sent_at IS NULL;

-- The version at which the seat's decision last changed: buttons carry it, so one player's
-- answer in a shared step leaves another player's buttons valid.
ALTER TABLE seats ADD COLUMN token {int} NOT NULL DEFAULT 0;
-- The token of the decision last sent to the player by DM, and that DM (edited in place).
ALTER TABLE seats ADD COLUMN notified_token {int};
ALTER TABLE seats ADD COLUMN notified_message {int};
-- Optional windows (e.g. a building permit): 'ask' (every time), 'never', or 'after:<seat>'.
ALTER TABLE seats ADD COLUMN window_order TEXT NOT NULL DEFAULT 'ask';

-- What other players may see of a secret action (NULL: the action is public).
ALTER TABLE events ADD COLUMN public_label TEXT;

-- Already-finished versions of existing games have nothing left to announce.
INSERT INTO outbox (game_id, version, board, created_at, sent_at)
    SELECT id, version, 1, updated_at, updated_at FROM games WHERE status <> 'lobby';
