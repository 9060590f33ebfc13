-- One message per decision (issue 23): how each player wants to be told of their decisions,
-- the key of the decision last sent to them (a decision that goes on is edited in place), the
-- channel's status message of a simultaneous step, and moves whose announcement says nothing.

-- A player's choice, for every game: 'dm' (a DM per decision; a channel mention only while
-- their DMs are closed), 'mention' (a mention in the channel only), 'both', or 'none'.
CREATE TABLE user_settings (
    user_id {int} PRIMARY KEY,
    notify  TEXT    NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'both', 'none'))
);

-- The key of the decision whose message is open (the same while it goes on); NULL once it is
-- over (notified_token then says up to which version the player was told). A decision sent
-- before this migration is open with a key not known ('').
ALTER TABLE seats ADD COLUMN notified_key TEXT;
UPDATE seats SET notified_key = '' WHERE notified_token IS NOT NULL;

-- The channel's one status message of a simultaneous step, edited as players lock.
CREATE TABLE step_messages (
    game_id    {int} PRIMARY KEY REFERENCES games (id),
    key        TEXT    NOT NULL,              -- the step's decision key
    message_id {int} NOT NULL,
    nudged     {int} NOT NULL DEFAULT 0     -- 1: the last player was mentioned once
);

-- 1: the move is told by nobody (a standing order's answer: "never ask me" passes silently).
ALTER TABLE outbox ADD COLUMN quiet {int} NOT NULL DEFAULT 0;

-- `/game list`: a server's open tables and games in play.
CREATE INDEX games_open_by_guild ON games (guild_id) WHERE status IN ('lobby', 'active');

-- Exactly once: a run of the bot claims a version's announcement before sending it; its board
-- goes out with a nonce made of the game and the version, so a send repeated after a crash
-- (claimed, maybe sent, not marked sent) gets back the message already posted (Discord's
-- enforce_nonce) instead of posting it twice.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_at {real};
