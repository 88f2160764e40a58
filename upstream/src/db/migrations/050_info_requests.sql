-- Extension for information requests (docs/decisions/information-requests.md): an organiser asks
-- a registered person for text answers and/or documents through a personal link. The link's token is kept
-- hashed; the state is read from the dates (sent, opened, answered, expired) and cancelled_at.
CREATE TABLE info_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  message text NOT NULL,
  items jsonb NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}',
  token_hash text NOT NULL UNIQUE,
  -- the reminder's link (a second token, so that the first mail's link keeps working)
  reminder_token_hash text UNIQUE,
  reminder_days integer NOT NULL DEFAULT 3,
  expires_in_days integer NOT NULL DEFAULT 30,
  expires_at timestamptz NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz NOT NULL DEFAULT now(),
  opened_at timestamptz,
  answered_at timestamptz,
  reminded_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX info_requests_event_idx ON info_requests (event_id, created_at);
CREATE INDEX info_requests_registration_idx ON info_requests (registration_id);
-- the periodic reminder scan reads only the open ones
CREATE INDEX info_requests_open_idx ON info_requests (sent_at)
  WHERE answered_at IS NULL AND cancelled_at IS NULL AND reminded_at IS NULL;

-- One document per asked item; a new upload before answering replaces the previous one.
CREATE TABLE info_request_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id integer NOT NULL REFERENCES info_requests (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (request_id, item_key)
);
