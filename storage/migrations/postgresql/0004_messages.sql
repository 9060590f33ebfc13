-- PostgreSQL twin of ../0004_messages.sql (see that file for the meaning).
CREATE TABLE user_settings (
    user_id BIGINT PRIMARY KEY,
    notify  TEXT   NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'both', 'none'))
);

ALTER TABLE seats ADD COLUMN notified_key TEXT;
UPDATE seats SET notified_key = '' WHERE notified_token IS NOT NULL;

CREATE TABLE step_messages (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id),
    key        TEXT   NOT NULL,
    message_id BIGINT NOT NULL,
    nudged     BIGINT NOT NULL DEFAULT 0
);

ALTER TABLE outbox ADD COLUMN quiet BIGINT NOT NULL DEFAULT 0;

CREATE INDEX games_open_by_guild ON games (guild_id) WHERE status IN ('lobby', 'active');

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_at DOUBLE PRECISION;
