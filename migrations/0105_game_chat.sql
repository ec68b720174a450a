-- A game's table talk (services/game/game_chat.h, docs/game-service.md "Chat and notes"): its
-- chat, each player's mutes, and each player's private notes. Every key starts with game_id, as
-- in 0101, so the tables partition with the games.

-- The chat. seq runs 1, 2, 3... per game without gaps (game_chat_heads hands them out under a row
-- lock, so a message with a lower seq is never committed after one with a higher seq has been
-- read). request_id is the author's, unique per game: a retried post finds its row.
CREATE TABLE game_chat (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seq bigint NOT NULL CHECK (seq >= 1),
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),  -- the author (a seat, not a user id: game_players
                                                       -- names them, and an account's deletion renames it there)
  request_id text NOT NULL,
  body text NOT NULL,                        -- '' once deleted
  mentioned_seats integer[] NOT NULL DEFAULT '{}',
  at_version bigint NOT NULL CHECK (at_version >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (game_id, seq),
  UNIQUE (game_id, request_id)
);
-- The rate limit counts a player's recent messages in a game.
CREATE INDEX game_chat_by_author ON game_chat (game_id, seat, created_at);

-- The newest seq per game (one row per game that has chat).
CREATE TABLE game_chat_heads (
  game_id text PRIMARY KEY REFERENCES games ON DELETE CASCADE,
  last_seq bigint NOT NULL CHECK (last_seq >= 1)
);

-- Who muted whom, per game (seats of that game).
CREATE TABLE game_chat_mutes (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),        -- who muted
  muted_seat integer NOT NULL CHECK (muted_seat BETWEEN 0 AND 5),
  PRIMARY KEY (game_id, seat, muted_seat),
  CHECK (seat <> muted_seat)
);

-- Private notes: one text per seat and game, read only by the seat's player. revision counts the
-- saves (optimistic concurrency between a player's devices).
CREATE TABLE game_notes (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),
  body text NOT NULL,
  revision bigint NOT NULL CHECK (revision >= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seat)
);
