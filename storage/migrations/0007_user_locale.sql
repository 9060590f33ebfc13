-- The reader's language (issue 28): a user's Discord language as last seen on one of their
-- interactions (`interaction.locale`, e.g. 'es-ES', 'nl', 'de'), so the DMs the bot starts
-- itself (a decision, a reminder) are written in it. NULL until the user's first command.
ALTER TABLE user_settings ADD COLUMN locale TEXT;
