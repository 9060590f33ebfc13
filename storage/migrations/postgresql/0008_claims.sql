-- PostgreSQL twin of ../0008_claims.sql (see that file for the meaning).
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

CREATE TABLE claims (
    kind TEXT NOT NULL,
    game_id BIGINT NOT NULL,
    owner TEXT NOT NULL,
    lease_until DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (kind, game_id)
);
