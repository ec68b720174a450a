-- The sessions whose access tokens no longer work although they have not expired (issue 46): a
-- session logged out, revoked (RevokeSession, a reused refresh token), ended by a password change,
-- or deleted with its account. Access tokens are verified by signature alone, so without this list
-- they kept working for up to their 15 minutes. Every service reads the rows added since its last
-- look once a second (services/common/session_revocations.h) and refuses their access tokens; the
-- lobby reads the table on every call.
--
-- The rows are written by the triggers below, so no way of ending a session can forget them: when
-- a session's revoked_at is set, every row of its family (the Login and each Refresh since: each
-- issued an access token) whose access token is still valid is listed; when a row is deleted (an
-- account's deletion), that row is. Only session ids are kept: random, they name nobody. A row is
-- of no use once its access token has expired, and any service deletes such rows.
CREATE TABLE revoked_sessions (
  session_id text PRIMARY KEY,             -- a user_sessions row; its access token's id is "<row>-access"
  access_expires_at bigint NOT NULL,       -- unix seconds: when its access token expires anyway
  revoked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX revoked_sessions_revoked_at ON revoked_sessions (revoked_at);
CREATE INDEX revoked_sessions_expiry ON revoked_sessions (access_expires_at);

CREATE FUNCTION revoke_session_family() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revoked_sessions (session_id, access_expires_at)
  SELECT s.session_id, s.access_expires_at FROM user_sessions s
  WHERE s.family_id = NEW.family_id AND s.access_expires_at >= extract(epoch FROM now())::bigint
  ON CONFLICT (session_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION revoke_deleted_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.access_expires_at >= extract(epoch FROM now())::bigint THEN
    INSERT INTO revoked_sessions (session_id, access_expires_at) VALUES (OLD.session_id, OLD.access_expires_at)
    ON CONFLICT (session_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_sessions_revoked AFTER UPDATE OF revoked_at ON user_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION revoke_session_family();
CREATE TRIGGER user_sessions_deleted AFTER DELETE ON user_sessions
  FOR EACH ROW EXECUTE FUNCTION revoke_deleted_session();
