-- Statistics and ratings (issue 27): every seat's result in a finished game, and a rating per
-- player per game kind per server. Both are derived from the finished games (their outcome and
-- final seats) in order of ending: `python -m storage.ratings --rebuild DBFILE` recomputes them.
-- A player is a Discord user id in decimal, or an AI level ('AI easy', 'AI normal', 'AI hard').

-- One row per seat of a finished game. `place`: the place counted (a resigned seat shares last
-- place; NULL for a co-operative outcome, which has no places); `rated`: the result moved the
-- rating, and `mu`/`sigma` are the player's rating after it; `title`/`rounds`: a solo record.
CREATE TABLE results (
    game_id  {int} NOT NULL REFERENCES games (id),
    seat     {int} NOT NULL,
    guild_id {int} NOT NULL,
    kind     TEXT    NOT NULL,
    player   TEXT    NOT NULL,
    outcome  TEXT    NOT NULL,                -- the outcome's kind: ranking, shared_win, ...
    place    {int},
    won      {int} NOT NULL,
    rated    {int} NOT NULL,
    mu       {real},
    sigma    {real},
    title    TEXT    NOT NULL DEFAULT '',
    rounds   {int},
    ended_at {real}    NOT NULL,                -- the time of the game's last move
    PRIMARY KEY (game_id, seat)
){without_rowid};
CREATE INDEX results_by_player ON results (guild_id, player, kind, ended_at);
CREATE INDEX results_in_order ON results (guild_id, kind, ended_at, game_id) WHERE rated = 1;

-- The current rating: openskill's Plackett-Luce (mu, sigma); `ordinal` = mu - 3 sigma, what the
-- leaderboard sorts by; `games`: rated games.
CREATE TABLE ratings (
    guild_id {int} NOT NULL,
    kind     TEXT    NOT NULL,
    player   TEXT    NOT NULL,
    mu       {real}    NOT NULL,
    sigma    {real}    NOT NULL,
    ordinal  {real}    NOT NULL,
    games    {int} NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
){without_rowid};
CREATE INDEX ratings_board ON ratings (guild_id, kind, ordinal DESC);

-- `/game history`: a server's finished games, newest first.
CREATE INDEX games_finished_by_guild ON games (guild_id, updated_at) WHERE status = 'finished';

-- The board message the bot posted for a version (the final board is linked from the history).
ALTER TABLE outbox ADD COLUMN message_id {int};
