-- The YourTurn a reminder wait began with (the serialized mailrun.v1.YourTurn), so that its Reminder
-- carries the turn's round and what it expects as a message key (events.proto, Reminder fields 4-7).
-- NULL for waits begun before this column existed: their reminders carry the English text only.
ALTER TABLE reminder_waits ADD COLUMN turn bytea;
