-- Notification service: webhooks are a channel of their own in the preferences (issue 42): the
-- kinds of event a player's webhooks are not sent. Until now muted_kinds silenced webhooks along
-- with the pushes; each player's choice so far is carried over, so nothing changes for anyone.
ALTER TABLE notification_preferences ADD COLUMN webhook_muted_kinds text NOT NULL DEFAULT '';
UPDATE notification_preferences SET webhook_muted_kinds = muted_kinds;
