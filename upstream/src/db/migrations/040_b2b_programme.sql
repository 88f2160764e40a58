-- B2B programme, reference-upstream extensions: a confirmed B2B registration is a programme
-- company; its personal link's key, the meeting requests between companies and the meetings the
-- scheduler placed. The organiser's matching weights stay in config_matching (the spec's webhook).
CREATE TABLE b2b_programmes (
  event_id integer PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  frozen_at timestamptz,
  published_at timestamptz,
  run_state text NOT NULL DEFAULT 'idle',
  run_started_at timestamptz,
  run_finished_at timestamptz,
  -- the last run's left-out requests: [{ requestId, reason }]
  unplaced jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One personal link per B2B registration: its key (hashed) and the origin its mails link to.
CREATE TABLE b2b_access (
  registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  key_hash text UNIQUE,
  link_base text NOT NULL,
  sent_at timestamptz
);

CREATE TABLE b2b_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  from_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  to_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  message text NOT NULL DEFAULT '',
  decline_reason text NOT NULL DEFAULT '',
  online boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_id <> to_id)
);
-- one live request per ordered pair
CREATE UNIQUE INDEX b2b_requests_live_pair ON b2b_requests (from_id, to_id) WHERE status IN ('pending', 'accepted');
CREATE INDEX b2b_requests_event_idx ON b2b_requests (event_id);

CREATE TABLE b2b_meetings (
  request_id integer PRIMARY KEY REFERENCES b2b_requests (id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  slot_id text NOT NULL,
  table_id text,
  status text NOT NULL DEFAULT 'scheduled',
  -- the calendar UID: kept when the meeting moves, so calendars update it rather than add a second one
  uid text NOT NULL UNIQUE,
  sequence integer NOT NULL DEFAULT 0,
  -- the sequence the companies were last mailed; differs from sequence: mailed at the next publication
  mailed_sequence integer,
  -- the online meeting's link, written by the meetings feature (Meet/Zoom) once it makes one
  online_url text
);
CREATE INDEX b2b_meetings_event_idx ON b2b_meetings (event_id);
