-- Lobby tables (players meeting for a game) and tournaments (whose rounds are tables too).
CREATE TABLE tournaments (
  tournament_id text PRIMARY KEY,
  seq bigserial UNIQUE NOT NULL,           -- listing order
  name text NOT NULL,
  organiser_user_id text NOT NULL REFERENCES users,
  edition integer NOT NULL,                -- mailrun.v1.Edition
  options bytea NOT NULL,                  -- serialized mailrun.v1.GameOptions
  format text NOT NULL CHECK (format IN ('swiss', 'round_robin_groups')),
  table_size integer NOT NULL CHECK (table_size BETWEEN 3 AND 6),
  rounds integer NOT NULL CHECK (rounds BETWEEN 1 AND 20),   -- total, final included
  group_rounds integer NOT NULL DEFAULT 0,
  registration_opens_at timestamptz NOT NULL,
  registration_closes_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('registration', 'running', 'finished')),
  current_round integer NOT NULL DEFAULT 0,
  turn_deadline_seconds bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tournament_players (
  tournament_id text NOT NULL REFERENCES tournaments,
  user_id text NOT NULL REFERENCES users,
  status text NOT NULL CHECK (status IN ('active', 'withdrawn', 'dropped')),
  seed integer NOT NULL DEFAULT 0,         -- set when round 1 starts (1 = best)
  registered_seq bigserial NOT NULL,       -- registration order
  registered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_user ON tournament_players (user_id);

CREATE TABLE lobby_tables (
  table_id text PRIMARY KEY,
  seq bigserial UNIQUE NOT NULL,           -- listing order
  name text NOT NULL DEFAULT '',
  host_user_id text NOT NULL REFERENCES users,   -- the organiser for tournament tables
  edition integer NOT NULL,
  options bytea NOT NULL,                  -- serialized mailrun.v1.GameOptions
  seats integer NOT NULL CHECK (seats BETWEEN 3 AND 6),
  player_count integer NOT NULL DEFAULT 0 CHECK (player_count >= 0 AND player_count <= seats),
  is_private boolean NOT NULL DEFAULT false,
  invitation_code text UNIQUE,
  turn_deadline_seconds bigint NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('open', 'starting', 'playing', 'finished', 'closed', 'void')),
  game_id text UNIQUE,
  tournament_id text REFERENCES tournaments,
  tournament_round integer,
  table_number integer,
  is_final boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,                  -- when the game was created
  finished_at timestamptz,
  result_checked_at timestamptz            -- the reconciler's last GetGameResult
);
CREATE INDEX lobby_tables_open ON lobby_tables (seq) WHERE status = 'open';
CREATE INDEX lobby_tables_unfinished ON lobby_tables (status) WHERE status IN ('starting', 'playing');
CREATE INDEX lobby_tables_tournament ON lobby_tables (tournament_id, tournament_round);

CREATE TABLE lobby_table_players (
  table_id text NOT NULL REFERENCES lobby_tables,
  user_id text NOT NULL REFERENCES users,
  position integer NOT NULL,               -- seat order: the order players sat down
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, user_id),
  UNIQUE (table_id, position)
);
CREATE INDEX lobby_table_players_user ON lobby_table_players (user_id);

-- Users the host invited: they may join the (private) table by id.
CREATE TABLE lobby_table_invitations (
  table_id text NOT NULL REFERENCES lobby_tables,
  user_id text NOT NULL REFERENCES users,
  invited_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, user_id)
);
CREATE INDEX lobby_table_invitations_user ON lobby_table_invitations (user_id);

-- Players the host removed: they cannot join that table again.
CREATE TABLE lobby_table_kicks (
  table_id text NOT NULL REFERENCES lobby_tables,
  user_id text NOT NULL REFERENCES users,
  kicked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, user_id)
);
