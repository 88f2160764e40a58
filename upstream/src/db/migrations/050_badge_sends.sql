-- Badge sending: each confirmed visitor's badge by mail, recorded so nobody gets it twice. A row
-- is the organiser's request for one registration; the mail itself goes through the job queue's idempotent
-- single-mail route, whose `mail_sends` row (key = mail_key) says whether it was sent or failed. A failed
-- send asked again is a new attempt (a new key); a sent one is never sent again.
CREATE TABLE badge_sends (
  registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  attempt integer NOT NULL DEFAULT 1,
  mail_key text NOT NULL UNIQUE,
  requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- when a worker last put this badge on the queue (a lease: enqueued again when it runs out unsent)
  enqueued_at timestamptz
);
CREATE INDEX badge_sends_event_idx ON badge_sends (event_id);
CREATE INDEX badge_sends_pending_idx ON badge_sends (enqueued_at) WHERE enqueued_at IS NULL;
