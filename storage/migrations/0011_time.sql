-- Time that fits people's lives (issue 46, items 1 and 4).
--
-- A seat's time bank: `reserve` is the seconds of reserve its player has left (NULL: the
-- table's whole reserve, as at the start). `away_until`: the seat's player is away until then
-- (`/game away`), copied onto every seat they hold so a game's deadlines are planned, and its
-- board says so, without reading another table.
ALTER TABLE seats ADD COLUMN reserve {real};
ALTER TABLE seats ADD COLUMN away_until {real};

-- A player's own timing, for all their games: away until when, how many seconds of away they
-- used in `away_year` (the servers' yearly cap counts them), their time zone (an IANA name,
-- e.g. 'Europe/Amsterdam') and their quiet hours ('23-7': from 23:00 to 07:00 there).
ALTER TABLE user_settings ADD COLUMN away_until {real};
ALTER TABLE user_settings ADD COLUMN away_year {int};
ALTER TABLE user_settings ADD COLUMN away_used {real};
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
ALTER TABLE user_settings ADD COLUMN quiet_hours TEXT;

-- A server's yearly cap on away days per player (NULL: the default, 30; 0: no away here).
ALTER TABLE guild_settings ADD COLUMN away_days {int};
