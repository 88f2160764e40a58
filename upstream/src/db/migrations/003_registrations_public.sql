-- Public registration: the registration kind, the visitor's locale, the confirmation link and
-- the uploaded files. `role` keeps the spec's form slug (exposant, agent_presse...) as before; `kind` is the
-- stable RegistrationKind code the forms and lists use.
ALTER TABLE registrations ADD COLUMN kind text;
UPDATE registrations SET kind = CASE role
  WHEN 'exposant' THEN 'exhibitor'
  WHEN 'agent_presse' THEN 'press_agent'
  WHEN 'agence_voyage' THEN 'travel_agency'
  WHEN 'membre_delegation' THEN 'delegation_member'
  WHEN 'participant-fipdc' THEN 'participant_fipdc'
  ELSE role END;
ALTER TABLE registrations ALTER COLUMN kind SET NOT NULL;
ALTER TABLE registrations ADD COLUMN locale text NOT NULL DEFAULT 'fr';
ALTER TABLE registrations ADD COLUMN last_name text NOT NULL DEFAULT '';
ALTER TABLE registrations ADD COLUMN first_names text NOT NULL DEFAULT '';
ALTER TABLE registrations ADD COLUMN form_id integer;
ALTER TABLE registrations ADD COLUMN telegram_notifications boolean NOT NULL DEFAULT false;
ALTER TABLE registrations ADD COLUMN confirm_token_hash text;
ALTER TABLE registrations ADD COLUMN confirm_expires_at timestamptz;
ALTER TABLE registrations ADD COLUMN confirmed_at timestamptz;
UPDATE registrations SET last_name = full_name, confirmed_at = created_at WHERE status = 'confirmed';
UPDATE registrations SET last_name = full_name WHERE status <> 'confirmed';
-- one registration per event, kind and address: registering again resends the confirmation
CREATE UNIQUE INDEX registrations_event_kind_email_key ON registrations (event_id, kind, lower(email));
CREATE UNIQUE INDEX registrations_confirm_token_key ON registrations (confirm_token_hash);
CREATE INDEX registrations_event_created_idx ON registrations (event_id, created_at DESC);

-- Files are uploaded before the registration; a registration consumes its tokens (registration_id set).
CREATE TABLE registration_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  kind text NOT NULL,
  field text NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  registration_id integer REFERENCES registrations (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_files_registration_idx ON registration_files (registration_id);
