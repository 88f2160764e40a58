-- Reference upstream schema. Ids are integers (identity columns); every foreign key a route filters on is indexed.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  locale text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_tokens_user_idx ON access_tokens (user_id);

-- one-time codes sent by mail: e-mail verification and password reset
CREATE TABLE user_codes (
  code_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_codes_user_idx ON user_codes (user_id);

CREATE TABLE member_types (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL
);
INSERT INTO member_types (id, code, name) VALUES (1, 'owner', 'Owner'), (2, 'admin', 'Administrator'), (3, 'member', 'Member');

CREATE TABLE organizations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organization_members (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  member_type_id integer NOT NULL REFERENCES member_types (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX organization_members_user_idx ON organization_members (user_id);

CREATE TABLE organization_images (
  organization_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  hash text NOT NULL
);

CREATE TABLE organization_credentials (
  organization_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL DEFAULT '',
  venue text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  languages jsonb NOT NULL DEFAULT '["fr"]',
  status text NOT NULL DEFAULT 'draft',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_organization_idx ON events (organization_id);

CREATE TABLE event_logos (
  event_id integer PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  hash text NOT NULL
);

CREATE TABLE event_documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_documents_event_idx ON event_documents (event_id);

CREATE TABLE registrations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  role text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  email text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registrations_event_idx ON registrations (event_id);

CREATE TABLE event_forms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  open boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, kind)
);

CREATE TABLE config_matching (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  form_id integer NOT NULL,
  config jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, form_id)
);

CREATE TABLE zoom_meetings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  topic text NOT NULL,
  start_time timestamptz NOT NULL,
  duration integer NOT NULL,
  join_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX zoom_meetings_event_idx ON zoom_meetings (event_id);

CREATE TABLE invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email text NOT NULL,
  member_type_id integer NOT NULL REFERENCES member_types (id),
  code_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending',
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_organization_idx ON invitations (organization_id, id);

CREATE TABLE teams (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teams_event_idx ON teams (event_id);

CREATE TABLE team_members (
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE projects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_team_idx ON projects (team_id);

CREATE TABLE tasks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  priority text NOT NULL DEFAULT 'high',
  completed boolean NOT NULL DEFAULT false,
  due_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_project_idx ON tasks (project_id);

CREATE TABLE task_members (
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, user_id)
);

CREATE TABLE outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
