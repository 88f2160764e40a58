-- Extension (rights): per-event permissions granted to a member type or to one member. A row
-- replaces the level below it (member > member type > the type's default in contracts/src/permissions.ts).
CREATE TABLE event_type_rights (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  member_type_id integer NOT NULL REFERENCES member_types (id),
  permissions text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, member_type_id)
);

CREATE TABLE event_member_rights (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  permissions text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);

-- Who exported, erased, changed rights or sent a mailing in an organisation, and when (owners read it).
CREATE TABLE audit_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  event_id integer REFERENCES events (id) ON DELETE SET NULL,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_organization_idx ON audit_log (organization_id, id DESC);
