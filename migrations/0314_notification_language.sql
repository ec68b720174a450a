-- Notification service: the language a player's mails are written in (issue 42), kept with their
-- preferences: 'en' or 'de' (services/notification/preferences_store.h). English until set.
ALTER TABLE notification_preferences ADD COLUMN language text NOT NULL DEFAULT 'en'
  CHECK (language IN ('en', 'de'));
