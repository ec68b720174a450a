-- Programmed moves: the order that declines offers made to its seat outside its turn (1853 3.1.11,
-- 4.8.9; 1947 3.3, 5.4.2, 6.15.2; services/game/programmed_moves.h, docs/game-service.md
-- "Programmed moves"). Only the kinds' check changes.
ALTER TABLE game_programmed_moves DROP CONSTRAINT game_programmed_moves_kind_check;
ALTER TABLE game_programmed_moves ADD CONSTRAINT game_programmed_moves_kind_check
  CHECK (kind IN ('pass_share_round', 'auction_bid_up_to', 'decline_offers'));
