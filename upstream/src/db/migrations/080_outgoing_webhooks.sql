-- Outgoing webhooks (docs/decisions/webhooks.md). An owner's endpoints with the events they receive and
-- their signing secrets (the current one, and the previous one until it expires, during a rotation); the
-- events, written in the same transaction as the change they describe (a transactional outbox); one
-- delivery per (event, endpoint), which the BFF's job queue sends at least once and records here.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_organization_idx ON webhook_endpoints (organization_id, id);

CREATE TABLE IF NOT EXISTS webhook_events (
  id uuid PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- pending (never tried), retrying, delivered, failed (no try left)
  status text NOT NULL DEFAULT 'pending',
  -- a redelivery starts a new round; a job is (delivery, round, attempt)
  round integer NOT NULL DEFAULT 1,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  last_status_code integer,
  last_error text,
  last_duration_ms integer,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE status IN ('pending', 'retrying');
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);

-- when a mailing's last recipient was done with (its `mailing.finished` event is written once)
ALTER TABLE mailings ADD COLUMN IF NOT EXISTS finished_at timestamptz;
UPDATE mailings m SET finished_at = coalesce(m.started_at, now())
 WHERE m.status = 'sending' AND m.finished_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM mailing_recipients r WHERE r.mailing_id = m.id AND r.state IN ('queued', 'sending'));
