-- Extension for /events/planning-{eventId}: the event's programme. A speaker is a panelist's
-- registration (registration_id) or a free name; names are kept so a deleted registration leaves its name.
CREATE TABLE planning_sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  title text NOT NULL,
  day date NOT NULL,
  starts_at text NOT NULL,
  ends_at text NOT NULL,
  room text NOT NULL,
  speakers jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX planning_sessions_event_idx ON planning_sessions (event_id, day, starts_at);
