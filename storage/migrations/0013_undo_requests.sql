-- Undo by the table's agreement (issue 46): a player's request to take back their last move
-- after another seat has acted, open until every other player agreed, one refused, the game
-- moved on (`version` is the game's version when it was asked: any move since ends it) or it
-- ran out (`expires_at`, then it counts as refused). At most one per game. The undo itself is
-- a row of the event log like a move (its action `↩ <seq>` takes back the moves from `seq`
-- on), so nothing of the log is ever deleted; this table holds only the open question.
CREATE TABLE undo_requests (
    game_id    {int} PRIMARY KEY REFERENCES games (id),
    version    {int} NOT NULL,
    seat       {int} NOT NULL,                -- who asks
    back_to    {int} NOT NULL,                -- the first move (seq) it would take back
    asked_at   {real} NOT NULL,
    expires_at {real} NOT NULL,
    agreed     TEXT    NOT NULL DEFAULT '',   -- the seats that agreed, e.g. '1,3'
    message_id {int}                          -- the vote's message in the channel, once posted
);
