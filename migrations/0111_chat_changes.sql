-- A chat message's changes (deleted by its author, hidden or shown again by the host) reach the
-- WatchGame streams opened with chat (services/game/game_chat.h, docs/game-service.md "Chat and
-- notes"): each change takes the game's next change number, which the stream sends in order.
ALTER TABLE game_chat_heads ADD COLUMN last_change bigint NOT NULL DEFAULT 0;
ALTER TABLE game_chat ADD COLUMN change_seq bigint;  -- the number of the message's latest change
CREATE INDEX game_chat_changes ON game_chat (game_id, change_seq) WHERE change_seq IS NOT NULL;
