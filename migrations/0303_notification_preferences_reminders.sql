-- Notification service: per-user preferences, and who is waiting to act (for reminders).
CREATE TABLE notification_preferences (
  user_id text PRIMARY KEY,
  muted_kinds text NOT NULL DEFAULT '',      -- comma-separated kind names whose pushes are off
  quiet_enabled boolean NOT NULL DEFAULT false,
  quiet_start_minute integer NOT NULL DEFAULT 0 CHECK (quiet_start_minute BETWEEN 0 AND 1439),
  quiet_end_minute integer NOT NULL DEFAULT 0 CHECK (quiet_end_minute BETWEEN 0 AND 1439),
  time_zone text NOT NULL DEFAULT 'UTC',
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A player whose turn it is in a game (from YourTurn with remind_after_seconds > 0). A newer
-- YourTurn of the same game (a higher game version) or its GameFinished ends the wait. The
-- scheduler sends a Reminder when next_remind_at passes, then waits another interval.
CREATE TABLE reminder_waits (
  game_id text NOT NULL,
  user_id text NOT NULL,
  version bigint NOT NULL,                   -- YourTurn.version that started the wait
  waiting_since timestamptz NOT NULL,
  remind_after_seconds bigint NOT NULL CHECK (remind_after_seconds > 0),
  expected text NOT NULL,
  next_remind_at timestamptz NOT NULL,
  reminders_sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX reminder_waits_due ON reminder_waits (next_remind_at);

-- The newest game version seen per game, so a late, older YourTurn cannot start a stale wait.
CREATE TABLE reminder_games (
  game_id text PRIMARY KEY,
  latest_version bigint NOT NULL,
  finished boolean NOT NULL DEFAULT false
);
