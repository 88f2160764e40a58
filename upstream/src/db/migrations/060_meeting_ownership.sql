-- The Google connection that made a meeting's Calendar event (the organiser whose connection it is, and the
-- Google account), so that edits and deletes go through that one whoever acts; and the page's key of the
-- create, so a retried create answers the meeting the first one made.
ALTER TABLE meetings ADD COLUMN google_owner_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE meetings ADD COLUMN google_account_id text;
ALTER TABLE meetings ADD COLUMN google_account_email text;
ALTER TABLE meetings ADD COLUMN request_key text;
CREATE UNIQUE INDEX meetings_request_key_idx ON meetings (event_id, request_key);
