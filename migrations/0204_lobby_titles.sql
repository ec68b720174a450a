-- Titles (issue 17): tables, tournaments and results are of one title, mailrun.v1.Title
-- (1 = 1853, 2 = 1947); everything recorded before titles existed is 1853's, which the defaults say.
ALTER TABLE tournaments ADD COLUMN title integer NOT NULL DEFAULT 1;
ALTER TABLE lobby_tables ADD COLUMN title integer NOT NULL DEFAULT 1;
ALTER TABLE lobby_game_results ADD COLUMN title integer NOT NULL DEFAULT 1;

-- Ratings: one ladder overall (title 0, edition 0), one per title (title T, edition 0) and one per
-- edition of a title (title T, edition E). Until now every rated game was 1853's, so the rows of an
-- edition become 1853's and the 1853 ladder starts as a copy of the overall one.
ALTER TABLE ratings ADD COLUMN title integer NOT NULL DEFAULT 0;
UPDATE ratings SET title = 1 WHERE edition <> 0;
INSERT INTO ratings (user_id, title, edition, rating, games, updated_at)
  SELECT user_id, 1, 0, rating, games, updated_at FROM ratings WHERE title = 0 AND edition = 0;
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (user_id, title, edition);
DROP INDEX ratings_leaderboard;
CREATE INDEX ratings_leaderboard ON ratings (title, edition, rating DESC, user_id);

-- Each player's rating in the game's title, before and after it (the 1853 ladder was the overall
-- one until now).
ALTER TABLE lobby_result_players ADD COLUMN title_rating_before double precision;
ALTER TABLE lobby_result_players ADD COLUMN title_rating_after double precision;
UPDATE lobby_result_players SET title_rating_before = rating_before, title_rating_after = rating_after;
ALTER TABLE lobby_result_players ALTER COLUMN title_rating_before SET NOT NULL;
ALTER TABLE lobby_result_players ALTER COLUMN title_rating_after SET NOT NULL;
