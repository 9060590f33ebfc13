-- PostgreSQL twin of ../0002_games_by_channel.sql.
CREATE INDEX games_by_channel ON games (channel_id, id);
