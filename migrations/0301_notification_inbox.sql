-- Notification service: the events it has received and each user's inbox.
--
-- notification_events holds each event once (the de-duplication by event_id: an event that Redis
-- delivers twice, or that a catch-up reads again, is recognised here and ignored).
CREATE TABLE notification_events (
  event_id text PRIMARY KEY,
  kind text NOT NULL,                  -- "your_turn", "reminder", ... (the oneof field name)
  payload bytea NOT NULL,              -- the serialized mailrun.v1.Event
  created_at timestamptz NOT NULL,     -- Event.created_at_unix_ms
  received_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX notification_events_received ON notification_events (received_at);

-- Per user, the last sequence number handed out. Taking the next number locks the user's row until
-- the storing transaction commits, so a user's notifications become visible in sequence order.
CREATE TABLE notification_users (
  user_id text PRIMARY KEY,
  last_sequence bigint NOT NULL
);

-- One row per (user, event): the user's sequence number makes Subscribe(since_event_id) exact.
CREATE TABLE inbox (
  user_id text NOT NULL,
  sequence bigint NOT NULL,
  event_id text NOT NULL REFERENCES notification_events (event_id),
  stored_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  read_at timestamptz,
  PRIMARY KEY (user_id, sequence),
  UNIQUE (user_id, event_id)
);
CREATE INDEX inbox_unread ON inbox (user_id, sequence) WHERE read_at IS NULL;

-- Idempotency of the changing RPCs: the first answer to each (user, request_id).
CREATE TABLE notification_requests (
  user_id text NOT NULL,
  request_id text NOT NULL,
  method text NOT NULL,
  response bytea NOT NULL,            -- the serialized response message
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, request_id)
);
