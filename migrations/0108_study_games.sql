-- Study games (services/game/study_games.h, docs/game-service.md "Records and study games"): an
-- unranked game one account plays for every seat (hotseat), made from a game's record. The owner
-- holds seat 0; the other seats hold stand-in user ids no account has ("study:<game>:<seat>").
ALTER TABLE games ADD COLUMN study_owner text NOT NULL DEFAULT '';  -- '' for every other game
