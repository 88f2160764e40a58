-- The organisation's rules (docs/decisions/administration.md): what a member type, or one member, holds in
-- every event of the organisation that sets nothing of its own, and whether they may create events
-- (`events:create`). A row replaces the level below it (contracts/src/permissions.ts, effectivePermissions).
CREATE TABLE organization_type_rights (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  member_type_id integer NOT NULL REFERENCES member_types (id),
  permissions text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, member_type_id)
);

CREATE TABLE organization_member_rights (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  permissions text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
