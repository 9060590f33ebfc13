-- A placeholder on the undo branch (issue 46 item 3) only: migration 0011 belongs to work done in
-- parallel; its own file replaces this one when the branches are merged (delete this one).
SELECT 1;
