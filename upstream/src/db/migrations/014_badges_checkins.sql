-- Badge models (one per event and registration kind) and check-ins
-- (one per registration: a second scan reads the first one back).
CREATE TABLE badge_models (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  role text NOT NULL,
  model jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, role)
);

CREATE TABLE checkins (
  registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  checked_in_at timestamptz NOT NULL DEFAULT now(),
  checked_in_by integer REFERENCES users (id) ON DELETE SET NULL,
  checked_in_by_name text NOT NULL DEFAULT ''
);
CREATE INDEX checkins_event_time_idx ON checkins (event_id, checked_in_at);
