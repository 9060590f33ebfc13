-- Games, seats, the append-only event log and the latest snapshot of each game.
-- Times are seconds since the epoch (REAL); JSON columns hold orjson-encoded UTF-8 bytes (BLOB).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options       BLOB    NOT NULL,          -- table options + engine variants (JSON)
    seed          INTEGER NOT NULL,
    players       INTEGER NOT NULL DEFAULT 0, -- seats at start (0 in the lobby)
    version       INTEGER NOT NULL DEFAULT 0, -- actions applied
    turn_started  REAL,                       -- when the pending decision began
    deadline      REAL,                       -- when it times out
    reminders_done INTEGER NOT NULL DEFAULT 0,-- reminder points already sent for it
    next_due      REAL,                       -- earliest of: AI move, reminder, deadline
    outcome       BLOB,                       -- Outcome.to_json() once finished (JSON)
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);

-- One game in the lobby or in play per channel.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');
CREATE INDEX games_next_due ON games (next_due) WHERE status = 'active';

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seat          INTEGER NOT NULL,           -- join order in the lobby, engine seat once started
    user_id       INTEGER,                    -- NULL for an AI seat
    ai            TEXT,                       -- the AI's name for an AI seat
    ai_controlled INTEGER NOT NULL DEFAULT 0, -- AI seat, taken over after timeouts, or resigned
    resigned      INTEGER NOT NULL DEFAULT 0,
    timeouts      INTEGER NOT NULL DEFAULT 0, -- consecutive timeouts
    waiting_since REAL,                       -- non-NULL while the game waits on this seat
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE events (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,                -- the game version this action produced (1, 2, ...)
    seat     INTEGER NOT NULL,
    user_id  INTEGER,                         -- the seat's player at the time, NULL for an AI
    by       TEXT    NOT NULL CHECK (by IN ('player', 'ai', 'timeout', 'auto')),
    action   TEXT    NOT NULL,                -- canonical notation
    label    TEXT    NOT NULL,                -- readable label, as shown in the log
    events   BLOB    NOT NULL,                -- the engine's events, unredacted (JSON list)
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TABLE snapshots (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id),
    seq      INTEGER NOT NULL,                -- equals games.version
    state    BLOB    NOT NULL                 -- {"type": ..., "schema": 1, "data": state JSON}
);

CREATE TABLE guild_settings (
    guild_id       INTEGER PRIMARY KEY,
    turn_time      REAL,
    timeout_policy TEXT CHECK (timeout_policy IN ('ai', 'skip')),
    language       TEXT
);
