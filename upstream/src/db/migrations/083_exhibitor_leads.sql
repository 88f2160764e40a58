-- Lead retrieval (docs/decisions/event-day.md, "Exhibitors' leads"): an exhibitor's staff scan visitors'
-- badges from the exhibitor's own space, opened by a link with its own key (stored as its SHA-256 digest;
-- every link the organiser sends adds a key, "revoke" drops them all).
CREATE TABLE exhibitor_keys (
  key_hash text PRIMARY KEY,
  registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exhibitor_keys_registration_idx ON exhibitor_keys (registration_id);

-- One lead per exhibitor and visitor: a second scan finds the first (its note and rating kept). scan_id is
-- the id the device drew for the scan that made it: a batch sent twice records once. scanned_at is the
-- device's time of the first scan (offline devices sync later). Deleted with either registration.
CREATE TABLE leads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  exhibitor_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  visitor_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  scan_id uuid NOT NULL UNIQUE,
  scanned_at timestamptz NOT NULL,
  scanned_by text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (exhibitor_id, visitor_id)
);
CREATE INDEX leads_visitor_idx ON leads (visitor_id);
CREATE INDEX leads_event_idx ON leads (event_id, exhibitor_id);
