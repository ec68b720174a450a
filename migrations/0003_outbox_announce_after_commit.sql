-- The outbox trigger NOTIFYs the relays unless the inserting transaction has said it will NOTIFY
-- them itself after its commit (mailrun.outbox_announce = 'after_commit', set by
-- services/common/outbox.h AppendOutboxEventAnnouncedLater). A NOTIFY inside a transaction takes a
-- database-wide lock before the commit and holds it until the commit is flushed to disk, so every
-- notifying transaction waits for the previous one's flush: the game service's moves announce
-- after their commit instead, and can share a flush.
CREATE OR REPLACE FUNCTION outbox_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('mailrun.outbox_announce', true), '') <> 'after_commit' THEN
    PERFORM pg_notify('mailrun_outbox', '');
  END IF;
  RETURN NULL;
END
$$;
