-- Notification service: Web Push subscriptions as push devices (platform 'webpush', issue 42).
-- A subscription's endpoint is its push_token (unique per platform, like a phone's token); its
-- keys (RFC 8291) and the VAPID public key it was made with (RFC 8292: the key that must sign its
-- pushes) sit beside it. All three are secrets like the token: never logged, never returned.
ALTER TABLE push_devices DROP CONSTRAINT push_devices_platform_check;
ALTER TABLE push_devices ADD CONSTRAINT push_devices_platform_check
  CHECK (platform IN ('apns', 'fcm', 'webhook', 'webpush'));
ALTER TABLE push_devices ADD COLUMN web_push_p256dh text;
ALTER TABLE push_devices ADD COLUMN web_push_auth text;
ALTER TABLE push_devices ADD COLUMN web_push_vapid_key text;
ALTER TABLE push_devices ADD CONSTRAINT push_devices_web_push_keys
  CHECK ((platform = 'webpush') = (web_push_p256dh IS NOT NULL AND web_push_auth IS NOT NULL
                                   AND web_push_vapid_key IS NOT NULL));
