-- The organiser's registration exports, written by the server as a queued job (bff/src/jobs/export-jobs.ts):
-- one row per export asked for (its state and progress), its file in chunks written as the job goes, so
-- every BFF instance reads it and a restart loses nothing. A run that starts again (a worker gone) takes a
-- new `run` number and rewrites the file from the start; a chunk of an older run is refused.
CREATE TABLE registration_exports (
  id bigserial PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- the job reads with this person's rights; only this person reads the status and the file
  requested_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  locale text NOT NULL,
  time_zone text NOT NULL,
  -- the list's filters: kinds, status, q, sort
  filters jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  error text,
  rows_done integer NOT NULL DEFAULT 0,
  rows_total integer NOT NULL DEFAULT 0,
  byte_size bigint NOT NULL DEFAULT 0,
  run integer NOT NULL DEFAULT 0,
  -- when a worker last put it on the queue or wrote a chunk (a lease: taken again when it runs out)
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours'
);
CREATE INDEX registration_exports_owner_idx ON registration_exports (event_id, requested_by, created_at DESC);
CREATE INDEX registration_exports_pending_idx ON registration_exports (heartbeat_at) WHERE status IN ('queued', 'running');
CREATE INDEX registration_exports_expiry_idx ON registration_exports (expires_at);

CREATE TABLE registration_export_chunks (
  export_id bigint NOT NULL REFERENCES registration_exports (id) ON DELETE CASCADE,
  run integer NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (export_id, run, seq)
);
