-- PostgreSQL twin of ../0006_ratings.sql (see that file for the meaning).
CREATE TABLE results (
    game_id  BIGINT  NOT NULL REFERENCES games (id),
    seat     BIGINT  NOT NULL,
    guild_id BIGINT  NOT NULL,
    kind     TEXT    NOT NULL,
    player   TEXT    NOT NULL,
    outcome  TEXT    NOT NULL,
    place    BIGINT,
    won      BIGINT  NOT NULL,
    rated    BIGINT  NOT NULL,
    mu       DOUBLE PRECISION,
    sigma    DOUBLE PRECISION,
    title    TEXT    NOT NULL DEFAULT '',
    rounds   BIGINT,
    ended_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_player ON results (guild_id, player, kind, ended_at);
CREATE INDEX results_in_order ON results (guild_id, kind, ended_at, game_id) WHERE rated = 1;

CREATE TABLE ratings (
    guild_id BIGINT  NOT NULL,
    kind     TEXT    NOT NULL,
    player   TEXT    NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    ordinal  DOUBLE PRECISION NOT NULL,
    games    BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, kind, ordinal DESC);

CREATE INDEX games_finished_by_guild ON games (guild_id, updated_at) WHERE status = 'finished';

ALTER TABLE outbox ADD COLUMN message_id BIGINT;
