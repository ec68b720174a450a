-- Empty seats (issue 43 item 5; docs/game-service.md "Empty seats"): a table's number of missed turn
-- deadlines in a row after which a seat counts as abandoned and the other players may vote to hand
-- it over (0: never). Sent to the game service at CreateGame (CreateGameRequest.empty_seats).
-- Tables from before it, and tournament tables, get the default, 3.
ALTER TABLE lobby_tables ADD COLUMN abandon_after_missed integer NOT NULL DEFAULT 3
  CHECK (abandon_after_missed BETWEEN 0 AND 20);
