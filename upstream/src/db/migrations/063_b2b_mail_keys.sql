-- The mails a B2B company gets after its personal link (a request arrived or was accepted, its agenda)
-- each carry a key of their own, so that their button opens the space itself and the link mailed first
-- keeps working (b2b_access holds that one). Stored hashed; they open the space until the event ends,
-- as the personal link does, and go with the registration (deleted, or erased: data-rights/erase.ts).
CREATE TABLE b2b_mail_keys (
  key_hash text PRIMARY KEY,
  registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX b2b_mail_keys_registration_idx ON b2b_mail_keys (registration_id);
