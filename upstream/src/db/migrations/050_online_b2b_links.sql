-- Online B2B meetings' video links: what was made for each meeting, and the last run.
ALTER TABLE b2b_meetings
  ADD COLUMN online_platform text,
  -- the Google Calendar event id or the Zoom meeting id
  ADD COLUMN online_ref text,
  -- the slot the link's Calendar event or Zoom meeting was made for (a move makes it stale)
  ADD COLUMN online_slot text;
ALTER TABLE b2b_programmes
  ADD COLUMN online_error text,
  ADD COLUMN online_checked_at timestamptz;
-- the zoom-meeting webhook's optional idempotency key: the same key answers the meeting already made
ALTER TABLE zoom_meetings ADD COLUMN request_key text;
CREATE UNIQUE INDEX zoom_meetings_request_key_idx ON zoom_meetings (event_id, request_key);
