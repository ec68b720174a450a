-- When each seat to act became due (services/game/empty_seats.h, docs/game-service.md "Empty
-- seats", issue 43 item 5): a seat's missed turn deadlines are timed from then, not from the game's
-- last change, so in 1853's bond stage (2.5.2.2, several seats act at once) another seat's move no
-- longer restarts the clock of a seat that is missing its deadline.

-- due_since[i]: when active_seats[i] became a seat to act (the move that made it so; a seat that
-- stays to act through other seats' moves keeps its time, a seat that acts starts again). Written
-- by every move (services/game/game_store.cc, AdvanceAndAppend). Empty, or shorter than
-- active_seats, for a game not moved since: its seats are due since updated_at.
ALTER TABLE games ADD COLUMN due_since timestamptz[] NOT NULL DEFAULT '{}';

-- The wait last counted for the seat: its due_since (NULL: counted by version, before this column).
ALTER TABLE game_seat_absences ADD COLUMN counted_due_since timestamptz;
