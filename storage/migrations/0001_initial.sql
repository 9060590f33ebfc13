-- Games, seats, the append-only event log and the latest snapshot of each game.
-- Times are seconds since the epoch (REAL); JSON columns hold orjson-encoded UTF-8 bytes (BLOB).

CREATE TABLE games (
    id            {autoincrement_id},
    kind          TEXT    NOT NULL,
    guild_id      {int} NOT NULL,
    channel_id    {int} NOT NULL,
    creator_id    {int} NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options       {blob}    NOT NULL,          -- table options + engine variants (JSON)
    seed          {int} NOT NULL,
    players       {int} NOT NULL DEFAULT 0, -- seats at start (0 in the lobby)
    version       {int} NOT NULL DEFAULT 0, -- actions applied
    turn_started  {real},                       -- when the pending decision began
    deadline      {real},                       -- when it times out
    reminders_done {int} NOT NULL DEFAULT 0,-- reminder points already sent for it
    next_due      {real},                       -- earliest of: AI move, reminder, deadline
    outcome       {blob},                       -- Outcome.to_json() once finished (JSON)
    created_at    {real}    NOT NULL,
    updated_at    {real}    NOT NULL
);

-- One game in the lobby or in play per channel.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX games_next_due ON games (next_due) WHERE status = 'active';

CREATE TABLE seats (
    game_id       {int} NOT NULL REFERENCES games (id),
    seat          {int} NOT NULL,           -- join order in the lobby, engine seat once started
    user_id       {int},                    -- NULL for an AI seat
    ai            TEXT,                       -- the AI's name for an AI seat
    ai_controlled {int} NOT NULL DEFAULT 0, -- AI seat, taken over after timeouts, or resigned
    resigned      {int} NOT NULL DEFAULT 0,
    timeouts      {int} NOT NULL DEFAULT 0, -- consecutive timeouts
    waiting_since {real},                       -- non-NULL while the game waits on this seat
    joined_at     {real}    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE events (
    game_id  {int} NOT NULL REFERENCES games (id),
    seq      {int} NOT NULL,                -- the game version this action produced (1, 2, ...)
    seat     {int} NOT NULL,
    user_id  {int},                         -- the seat's player at the time, NULL for an AI
    by       TEXT    NOT NULL CHECK (by IN ('player', 'ai', 'timeout', 'auto')),
    action   TEXT    NOT NULL,                -- canonical notation
    label    TEXT    NOT NULL,                -- readable label, as shown in the log
    events   {blob}    NOT NULL,                -- the engine's events, unredacted (JSON list)
    at       {real}    NOT NULL,
    PRIMARY KEY (game_id, seq)
){without_rowid};

{events_append_only}

CREATE TABLE snapshots (
    game_id  {int} PRIMARY KEY REFERENCES games (id),
    seq      {int} NOT NULL,                -- equals games.version
    state    {blob}    NOT NULL                 -- {"type": ..., "schema": 1, "data": state JSON}
);

CREATE TABLE guild_settings (
    guild_id       {int} PRIMARY KEY,
    turn_time      {real},
    timeout_policy TEXT CHECK (timeout_policy IN ('ai', 'skip')),
    language       TEXT
);
