-- Titles (issue 17): a game is of one title, mailrun.v1.Title (1 = 1853, 2 = 1947). Every game
-- stored before titles existed is a game of 1853; its stored config has no title, which the
-- engine reads as 1853.
ALTER TABLE games ADD COLUMN title integer NOT NULL DEFAULT 1;
