-- Notification service: email (issue 42). One address per player, verified by a link before
-- anything else is mailed; each event the player wants by mail waits as an item until the
-- sender gathers a player's due items into one mail (at most one a minute); mails are rows,
-- sent and retried like pushes. The verification token is kept only as a SHA-256 hash; the
-- unsubscribe token as it is (it goes into every mail, and it can only stop mail). Addresses are
-- personal data: never logged.
CREATE TABLE email_addresses (
  user_id text PRIMARY KEY,
  address text NOT NULL,
  verify_token_hash text,               -- NULL once verified
  verified_at timestamptz,
  unsubscribe_token text NOT NULL UNIQUE,
  unsubscribed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX email_addresses_verify ON email_addresses (verify_token_hash) WHERE verify_token_hash IS NOT NULL;

ALTER TABLE notification_preferences ADD COLUMN email_muted_kinds text NOT NULL DEFAULT '';

CREATE TABLE email_mails (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('verify', 'notifications')),
  to_address text NOT NULL,
  message text NOT NULL,                -- the whole RFC 5322 message, rendered when gathered
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'gave_up', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX email_mails_due ON email_mails (next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_mails_user ON email_mails (user_id, created_at);

CREATE TABLE email_items (
  user_id text NOT NULL,
  event_id text NOT NULL REFERENCES notification_events (event_id),
  due_at timestamptz NOT NULL,          -- quiet hours push this to their end
  -- pending: waiting to be gathered; mailed: in mail_id; seen: the player had the app open;
  -- dropped: the address was removed or unsubscribed first
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'mailed', 'seen', 'dropped')),
  mail_id bigint REFERENCES email_mails (id),
  PRIMARY KEY (user_id, event_id)
);
CREATE INDEX email_items_due ON email_items (due_at) WHERE status = 'pending';
