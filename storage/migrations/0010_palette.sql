-- The palette pictures are drawn in (issue 45): 'standard' or 'contrast' (high contrast).
-- A server's for its channels' boards (`/game settings palette:`), a user's for the pictures
-- only they get (`/game notify palette:`); NULL: not chosen (a user then follows the server).
ALTER TABLE guild_settings ADD COLUMN palette TEXT;
ALTER TABLE user_settings ADD COLUMN palette TEXT;
