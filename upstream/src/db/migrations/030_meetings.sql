-- Extension: an event's meetings (spec section 3's Meeting), Google Meet ones created by the BFF
-- in the organiser's calendar and Zoom ones created through the zoom-meeting webhook. The upstream keeps
-- what the BFF wrote; it never sees a Google token.
CREATE TABLE meetings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('google_meet', 'zoom')),
  title text NOT NULL,
  url text,
  join_url text,
  date text NOT NULL,
  time text NOT NULL,
  duration integer NOT NULL,
  host text NOT NULL,
  description text NOT NULL DEFAULT '',
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  participants jsonb NOT NULL DEFAULT '[]',
  google_event_id text,
  google_calendar_link text,
  conference_status text,
  zoom_meeting_id integer,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX meetings_event_idx ON meetings (event_id, platform, start_time);
