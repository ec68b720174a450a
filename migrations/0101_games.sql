-- The game service's storage (services/game, docs/game-service.md): games, their seats, the
-- append-only action log and periodic snapshots. Every row belongs to one game and every key
-- starts with game_id, and nothing refers across games, so the tables can be partitioned or
-- sharded by game_id. (The one cross-game read is ListMyGames, through game_players_by_user.)

-- One row per game. `version` counts the rows of the game's log (game_actions): every applied
-- action and every undo adds one, so it only grows. It is bumped with
-- "WHERE version = <expected>" in the transaction that appends the row, which is what makes a
-- lost race fail instead of applying twice.
CREATE TABLE games (
  game_id text PRIMARY KEY,                  -- "g" + 32 hex digits, derived from the creator's request_id
  create_request bytea NOT NULL,             -- the mailrun.v1.CreateGameRequest as received (idempotency check)
  config bytea NOT NULL,                     -- the mailrun.v1.GameConfig the engine plays (seed filled in)
  edition integer NOT NULL,                  -- mailrun.v1.Edition
  options bytea NOT NULL,                    -- mailrun.v1.GameOptions
  seed numeric(20, 0) NOT NULL,              -- the uint64 seed of everything decided by lot
  players integer NOT NULL CHECK (players BETWEEN 3 AND 6),
  version bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
  active_seats integer[] NOT NULL DEFAULT '{}',  -- who may act at `version` (for ListMyGames)
  round text NOT NULL DEFAULT '',                 -- the round's description at `version`
  end_reason text NOT NULL DEFAULT '',
  results bytea,                             -- mailrun.v1.GameFinished once finished
  table_id text NOT NULL DEFAULT '',
  tournament_id text NOT NULL DEFAULT '',
  turn_deadline_seconds bigint NOT NULL DEFAULT 0 CHECK (turn_deadline_seconds >= 0),
  created_by text NOT NULL,                  -- the service that created it (service token subject)
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Seats: who plays which seat (the lobby's order), for the seat check of every call and for
-- ListMyGames. A user holds at most one seat in a game.
CREATE TABLE game_players (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 5),
  user_id text NOT NULL,
  display_name text NOT NULL,
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, user_id)
);
CREATE INDEX game_players_by_user ON game_players (user_id, game_id);

-- The action log, append-only (the trigger below refuses UPDATE and DELETE). seq runs 1, 2, 3...
-- per game without gaps and equals the game's version after the row. kind 'action' rows hold an
-- action the engine applied; kind 'undo' rows take back the latest action still in effect
-- (undoes_seq), which replay then skips. request_id is the client's, unique per game: a repeated
-- request finds its row and gets `answer` (the serialized SubmitActionResponse or
-- UndoLastActionResponse) back without applying anything again.
CREATE TABLE game_actions (
  game_id text NOT NULL REFERENCES games,
  seq bigint NOT NULL CHECK (seq >= 1),
  kind text NOT NULL CHECK (kind IN ('action', 'undo')),
  seat integer NOT NULL,
  user_id text NOT NULL,
  action bytea,                              -- mailrun.v1.Action (kind 'action'); NEVER sent to clients
  undoes_seq bigint,                         -- kind 'undo': the seq it takes back
  request_id text NOT NULL,
  answer bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seq),
  UNIQUE (game_id, request_id),
  CHECK ((kind = 'action' AND action IS NOT NULL AND undoes_seq IS NULL) OR
         (kind = 'undo' AND action IS NULL AND undoes_seq IS NOT NULL AND undoes_seq < seq))
);

-- History marks the actions an undo took back.
CREATE INDEX game_actions_undone ON game_actions (game_id, undoes_seq) WHERE kind = 'undo';

CREATE FUNCTION game_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'game_actions is append-only: % refused', TG_OP;
END
$$;
CREATE TRIGGER game_actions_append_only BEFORE UPDATE OR DELETE ON game_actions
  FOR EACH ROW EXECUTE FUNCTION game_actions_append_only();

-- The engine's state (Game::SnapshotJson) after folding the log rows 1..seq, stored every N rows
-- so that loading a long game replays only the rows after the newest usable snapshot. A snapshot
-- is a fact about the log up to seq and never goes stale; it cannot be used for a later seq when
-- an undo after it takes back an action at or before it (the loader checks).
CREATE TABLE game_snapshots (
  game_id text NOT NULL REFERENCES games ON DELETE CASCADE,
  seq bigint NOT NULL CHECK (seq >= 1),
  state text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, seq)
);
