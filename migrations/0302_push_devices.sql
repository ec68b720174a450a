-- Notification service: push devices, one durable delivery per (event, device), and the log of
-- every attempt. The push sender (services/notification/push_sender.h) works the due deliveries.
CREATE TABLE push_devices (
  device_id text PRIMARY KEY,
  user_id text NOT NULL,
  platform text NOT NULL CHECK (platform IN ('apns', 'fcm', 'webhook')),
  push_token text NOT NULL,            -- a secret: never logged, never returned by the API
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (platform, push_token)
);
CREATE INDEX push_devices_user ON push_devices (user_id);

CREATE TABLE push_deliveries (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL REFERENCES notification_events (event_id),
  device_id text NOT NULL,             -- no foreign key: the record outlives an unregistered device
  user_id text NOT NULL,
  -- pending: waiting for its next attempt; delivered: the endpoint answered 2xx; rejected: a
  -- permanent failure (4xx other than 408/429); gave_up: retries exhausted; cancelled: the
  -- device was unregistered first.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'delivered', 'rejected', 'gave_up', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,  -- quiet hours push this to their end
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz,
  UNIQUE (event_id, device_id)
);
CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at) WHERE status = 'pending';

CREATE TABLE push_attempts (
  delivery_id bigint NOT NULL REFERENCES push_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  http_status integer,                 -- NULL when no HTTP answer came (connection error, timeout)
  outcome text NOT NULL,               -- delivered, retry, rejected, gave_up
  error text,
  PRIMARY KEY (delivery_id, attempt)
);
