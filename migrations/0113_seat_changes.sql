-- The seats' change number of each game (services/game/seat_changes.h, docs/game-service.md "Empty
-- seats", issue 43): every change of what GetSeats shows (a seat's missed deadlines, a vote, an
-- invitation, a handover) takes the game's next number in the same transaction, and the WatchGame
-- streams opened with with_seats send the latest number, so the other players' seat banners are
-- read again at once.
CREATE TABLE game_seat_changes (
  game_id text PRIMARY KEY REFERENCES games ON DELETE CASCADE,
  last_change bigint NOT NULL DEFAULT 0 CHECK (last_change >= 0)
);
