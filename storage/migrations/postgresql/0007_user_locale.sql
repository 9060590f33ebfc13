-- PostgreSQL twin of ../0007_user_locale.sql (see that file for the meaning).
ALTER TABLE user_settings ADD COLUMN locale TEXT;
