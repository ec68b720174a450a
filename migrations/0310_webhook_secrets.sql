-- Notification service: webhook devices deliver (issue 42). Each has a secret the player is shown
-- once, when registering it: every delivery's body is signed with it (HMAC-SHA-256, with a
-- timestamp against replay). A secret like the push tokens: never logged, never returned again.
ALTER TABLE push_devices ADD COLUMN webhook_secret text;
ALTER TABLE push_devices ADD CONSTRAINT push_devices_webhook_secret
  CHECK ((platform = 'webhook') = (webhook_secret IS NOT NULL));
