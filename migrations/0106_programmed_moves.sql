-- Programmed moves (services/game/programmed_moves.h, docs/game-service.md "Programmed moves"):
-- standing orders a player leaves for their seat, carried out by the game service.

-- One row per order. move_id is the game's own counter (max + 1 under the game's order lock).
-- At most one active order per seat and kind. checked_version: the game's version the executor
-- last judged the order at (it acts at most once per version: the request id of its move follows
-- from the game, the version and the seat).
CREATE TABLE game_programmed_moves (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  move_id bigint NOT NULL CHECK (move_id >= 1),
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),
  kind text NOT NULL CHECK (kind IN ('pass_share_round', 'auction_bid_up_to')),
  max_amount integer NOT NULL DEFAULT 0 CHECK (max_amount >= 0),
  subject text NOT NULL,                     -- what it is for: "dealing round 2", "P3"
  set_at_version bigint NOT NULL CHECK (set_at_version >= 0),
  checked_version bigint NOT NULL DEFAULT -1,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'ended', 'cancelled')),
  reason text NOT NULL DEFAULT '',
  moves_made integer NOT NULL DEFAULT 0,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  PRIMARY KEY (game_id, move_id),
  UNIQUE (game_id, request_id)
);
CREATE UNIQUE INDEX game_programmed_moves_one_active ON game_programmed_moves (game_id, seat, kind)
  WHERE state = 'active';
CREATE INDEX game_programmed_moves_active ON game_programmed_moves (game_id) WHERE state = 'active';

-- The key of the programmed moves' request ids (programmed_move_ids.h): random, made once here,
-- shared by every replica, never sent anywhere. gen_random_uuid() is a strong random source.
CREATE TABLE programmed_move_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key bytea NOT NULL CHECK (length(key) = 32)
);
INSERT INTO programmed_move_key (key)
  VALUES (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
