-- The table's host may hide a chat message from everyone but its author (services/game/game_chat.h,
-- docs/game-service.md "Chat and notes"): the game keeps its table's host, and a message when it
-- was hidden.
ALTER TABLE games ADD COLUMN host_user_id text NOT NULL DEFAULT '';  -- '' for games made before 0107
ALTER TABLE game_chat ADD COLUMN hidden_at timestamptz;
