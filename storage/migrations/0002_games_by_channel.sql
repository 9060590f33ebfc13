-- The newest game of a channel, whatever its status (Host.last_game_in_channel: /game log and
-- /game board after a game ended), without reading the whole games table.
CREATE INDEX games_by_channel ON games (channel_id, id);
