-- Extension for /admin/features (no call in the spec): which event features the organiser turned off or on.
-- A feature without a row is on.
CREATE TABLE event_features (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  feature text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, feature)
);
