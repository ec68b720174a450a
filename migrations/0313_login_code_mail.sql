-- Notification service: the mail of a login code (issue 46 item 6; events.proto LoginCodeRequested).
-- It goes only to a verified address, once per event (event_id), is not sent once the code has
-- expired (expires_at), and its rendered text (holding the code) is blanked once it is sent, given
-- up or cancelled.
ALTER TABLE email_mails DROP CONSTRAINT email_mails_kind_check;
ALTER TABLE email_mails ADD CONSTRAINT email_mails_kind_check CHECK (kind IN ('verify', 'notifications', 'login_code'));
ALTER TABLE email_mails ADD COLUMN event_id text;
ALTER TABLE email_mails ADD COLUMN expires_at timestamptz;
CREATE UNIQUE INDEX email_mails_event ON email_mails (event_id) WHERE event_id IS NOT NULL;
CREATE INDEX email_mails_expiring ON email_mails (expires_at) WHERE status = 'pending' AND expires_at IS NOT NULL;
