-- Deleting an account (LobbyService.DeleteAccount, docs/operations.md "Deleting an account").
--
-- The lobby deletes the account's own rows and moves what must stay (finished results, ratings,
-- seats of running games) to an anonymous placeholder user in the same transaction, and leaves one
-- row here for the other services: the game service and then the notification service each do
-- their part (idempotently: every step rewrites the old id to the placeholder or deletes it) and
-- stamp their column; the service that finds both stamped deletes the row. A service that is down
-- does its part when it is back, since the row stays until then. This row and nothing else holds
-- the deleted id and name once the lobby's transaction commits, and only until both parts are done.
CREATE TABLE account_deletions (
  user_id text PRIMARY KEY,                -- the deleted account's id
  display_name text NOT NULL,              -- its name (to scrub from texts such as log lines)
  placeholder_user_id text NOT NULL,       -- who holds its results and seats now
  placeholder_name text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  games_done_at timestamptz,               -- the game service's part done
  notifications_done_at timestamptz        -- the notification service's part done (after the game's)
);

-- Placeholders: the anonymous users that stand in for deleted accounts. They cannot log in (their
-- password_hash is no hash) and nobody can take their names (CheckDisplayName reserves them).
ALTER TABLE users ADD COLUMN deleted_placeholder boolean NOT NULL DEFAULT false;
