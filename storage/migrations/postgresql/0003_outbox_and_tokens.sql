-- PostgreSQL twin of ../0003_outbox_and_tokens.sql (see that file for the meaning).
CREATE TABLE outbox (
    game_id    BIGINT  NOT NULL REFERENCES games (id),
    version    BIGINT  NOT NULL,
    note       TEXT    NOT NULL DEFAULT '',
    board      BIGINT  NOT NULL DEFAULT 0,
    created_at DOUBLE PRECISION NOT NULL,
    sent_at    DOUBLE PRECISION,
    PRIMARY KEY (game_id, version)
);
CREATE INDEX outbox_unsent ON outbox (game_id, version) WHERE sent_at IS NULL;

ALTER TABLE seats ADD COLUMN token BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN notified_token BIGINT;
ALTER TABLE seats ADD COLUMN notified_message BIGINT;
ALTER TABLE seats ADD COLUMN window_order TEXT NOT NULL DEFAULT 'ask';

ALTER TABLE events ADD COLUMN public_label TEXT;

INSERT INTO outbox (game_id, version, board, created_at, sent_at)
    SELECT id, version, 1, updated_at, updated_at FROM games WHERE status <> 'lobby';
