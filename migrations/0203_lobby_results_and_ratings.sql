-- Finished games as the lobby recorded them (from GameFinished events or GetGameResult), and the
-- ratings they produced. One row per game: recording the same game twice changes nothing.
CREATE TABLE lobby_game_results (
  game_id text PRIMARY KEY,
  seq bigserial UNIQUE NOT NULL,           -- recording order (paging of GetMyResults)
  table_id text NOT NULL REFERENCES lobby_tables,
  tournament_id text REFERENCES tournaments,
  edition integer NOT NULL,
  reason text NOT NULL,
  counted boolean NOT NULL,                -- false for a cancelled (void) tournament table
  finished_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lobby_game_results_tournament ON lobby_game_results (tournament_id);

CREATE TABLE lobby_result_players (
  game_id text NOT NULL REFERENCES lobby_game_results,
  user_id text NOT NULL REFERENCES users,
  seat integer NOT NULL,
  rank integer NOT NULL,
  final_wealth bigint NOT NULL,
  placement_points double precision NOT NULL,
  wealth_share double precision NOT NULL,
  rating_before double precision NOT NULL,          -- overall
  rating_after double precision NOT NULL,
  edition_rating_before double precision NOT NULL,  -- in the game's edition
  edition_rating_after double precision NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX lobby_result_players_user ON lobby_result_players (user_id);

-- edition 0 is the overall rating; otherwise a mailrun.v1.Edition.
CREATE TABLE ratings (
  user_id text NOT NULL REFERENCES users,
  edition integer NOT NULL,
  rating double precision NOT NULL DEFAULT 1500,
  games integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, edition)
);
CREATE INDEX ratings_leaderboard ON ratings (edition, rating DESC, user_id);
