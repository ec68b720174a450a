-- Lobby accounts: users, their sessions (one row per refresh token; the token itself is never
-- stored, only its id and times, from which the lobby can sign it again), and the request log that
-- makes every changing lobby call idempotent.
CREATE TABLE users (
  user_id text PRIMARY KEY,                -- 32 hex digits (128 random bits)
  display_name text NOT NULL,
  password_hash text NOT NULL,             -- libsodium crypto_pwhash_str (Argon2id), never returned
  time_zone text NOT NULL DEFAULT 'UTC',   -- IANA name
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Display names are unique ignoring case.
CREATE UNIQUE INDEX users_display_name_key ON users (lower(display_name));

CREATE TABLE user_sessions (
  session_id text PRIMARY KEY,             -- the refresh token's token id (jti)
  user_id text NOT NULL REFERENCES users,
  family_id text NOT NULL,                 -- the session_id of the Login/Register that began the chain
  issued_at bigint NOT NULL,               -- unix seconds, both tokens' iat
  access_expires_at bigint NOT NULL,       -- unix seconds
  refresh_expires_at bigint NOT NULL,      -- unix seconds
  replaced_by text REFERENCES user_sessions,  -- set when Refresh rotated this session
  revoked_at timestamptz,                  -- set by Logout or when a used-up token came back
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_sessions_user ON user_sessions (user_id);
CREATE INDEX user_sessions_family ON user_sessions (family_id);

-- (caller, request_id) -> what the first call changed. scope is the caller's user id, or
-- 'register' for Register (which has no caller yet).
CREATE TABLE lobby_requests (
  scope text NOT NULL,
  request_id text NOT NULL,
  method text NOT NULL,
  result_id text NOT NULL DEFAULT '',      -- the session, table, tournament or user the call changed
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, request_id)
);
