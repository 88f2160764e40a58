-- Mailings: an organiser's mass mail to an event's audience, one row per recipient with its own
-- delivery state. The recipient row is the exactly-once guard: a send claims it (queued -> sending) before
-- the SMTP transaction and records the outcome (sent / failed) after it, each in one statement.
CREATE TABLE mailings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- roles (registration kinds), statuses, B2B profile types; empty = all
  audience jsonb NOT NULL,
  -- { fr: { subject, body }, en: {...}, ja: {...} }
  content jsonb NOT NULL,
  -- draft, scheduled (send_at set), sending (recipients materialised), cancelled
  status text NOT NULL DEFAULT 'draft',
  send_at timestamptz,
  started_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mailings_event_idx ON mailings (event_id, created_at DESC);
CREATE INDEX mailings_due_idx ON mailings (status, send_at);

CREATE TABLE mailing_recipients (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mailing_id integer NOT NULL REFERENCES mailings (id) ON DELETE CASCADE,
  registration_id integer REFERENCES registrations (id) ON DELETE SET NULL,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  locale text NOT NULL,
  -- queued, sending, sent, failed, unsubscribed
  state text NOT NULL DEFAULT 'queued',
  -- incremented by each retry: part of the queue's job id, so a retry is a new job
  attempt integer NOT NULL DEFAULT 1,
  error text,
  -- when a worker last put this recipient on the queue (a lease: re-enqueued when it runs out)
  enqueued_at timestamptz,
  claimed_at timestamptz,
  sent_at timestamptz
);
-- one mail per address and mailing, whatever the number of registrations the address has
CREATE UNIQUE INDEX mailing_recipients_address_key ON mailing_recipients (mailing_id, lower(email));
CREATE INDEX mailing_recipients_state_idx ON mailing_recipients (mailing_id, state);
CREATE INDEX mailing_recipients_pending_idx ON mailing_recipients (state, id) WHERE state IN ('queued', 'sending');

-- the key that signs unsubscribe links, drawn once (a key that changed would break the links already sent)
CREATE TABLE mailing_keys (
  id integer PRIMARY KEY,
  key text NOT NULL
);

-- One-click unsubscribes (RFC 8058), per organisation: no further mailing of its events reaches the address.
CREATE TABLE mailing_unsubscribes (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, email)
);

-- Idempotent single mails put on the job queue by other features (badges): one row per key.
CREATE TABLE mail_sends (
  key text PRIMARY KEY,
  state text NOT NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

ALTER TABLE outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}';
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
