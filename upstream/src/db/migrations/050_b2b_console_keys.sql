-- /profile/b2b: a signed-in user whose verified address registered a B2B company opens its
-- space from the console. Each opening makes a short-lived key of its own here, so the personal link
-- mailed to the company keeps working (b2b_access holds that one).
CREATE TABLE b2b_console_keys (
  key_hash text PRIMARY KEY,
  registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX b2b_console_keys_registration_idx ON b2b_console_keys (registration_id);
