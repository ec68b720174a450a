-- Lobby: login codes mailed to a player's verified address (issue 46 item 6; LobbyService
-- RequestLoginCode, LoginRequest.login_code). A code with the right password logs in from a new
-- device even while the account's logins from unknown devices wait, so a stranger who keeps them
-- waiting cannot lock the player out. Only the code's SHA-256 is kept here; the code itself travels
-- in the LoginCodeRequested outbox event to the notification service, which mails it.
CREATE TABLE login_codes (
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  code_hash text NOT NULL,                -- hex SHA-256 of the code's 8 characters, upper case
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,                    -- logged in with it, or used up by wrong passwords
  used_request text,                      -- the Login request_id that used it (a retry replays it)
  wrong_passwords integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, code_hash)
);
CREATE INDEX login_codes_created ON login_codes (user_id, created_at);
