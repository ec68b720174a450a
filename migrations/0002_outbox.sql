-- The transactional outbox shared by every service that announces events (the game service, the
-- lobby, the notification service's reminders). A service inserts a row IN THE SAME TRANSACTION as
-- the change that caused the event (services/common/outbox.h); a relay in the same process
-- (services/common/outbox_relay.h) publishes unsent rows in id order to the Redis channel
-- "mailrun.events" and then sets sent_at. At least once: a row is only marked sent after Redis
-- took it, and consumers de-duplicate by event_id. Rows stay after publishing (consumers that
-- lost their Redis subscription catch up from them) until the relay prunes old sent rows.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE,       -- mailrun.v1.Event.event_id
  payload bytea NOT NULL,              -- the serialized mailrun.v1.Event
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz                  -- NULL until published to Redis
);

-- The relay's work queue: only unsent rows, in id order.
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;
-- Catch-up of consumers and pruning look rows up by publication time.
CREATE INDEX outbox_sent_at ON outbox (sent_at) WHERE sent_at IS NOT NULL;

-- Wakes the relays (LISTEN mailrun_outbox) when a transaction that appended rows commits.
-- PostgreSQL delivers NOTIFY only at commit and folds repeats within one transaction.
CREATE FUNCTION outbox_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mailrun_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER outbox_appended AFTER INSERT ON outbox
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_announce();
