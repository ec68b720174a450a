-- mailrun: outside a transaction
-- The indexes the notification pruner (services/notification/notification_pruner.h) deletes by,
-- built without stopping writes: the inbox takes a row per player and event while they build.
CREATE INDEX CONCURRENTLY IF NOT EXISTS inbox_stored ON inbox (stored_at);
-- An event is forgotten once no inbox entry names it.
CREATE INDEX CONCURRENTLY IF NOT EXISTS inbox_event ON inbox (event_id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS push_deliveries_finished ON push_deliveries (finished_at)
  WHERE status <> 'pending';
CREATE INDEX CONCURRENTLY IF NOT EXISTS notification_requests_created ON notification_requests (created_at);
