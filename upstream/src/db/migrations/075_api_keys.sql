-- An organisation's API keys (docs/decisions/api.md): made by an owner, who they act as, with the scopes
-- they may use. Only the SHA-256 digest of the key is kept; revoked keys stay listed with their date.
CREATE TABLE IF NOT EXISTS api_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  scopes text[] NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_organization_idx ON api_keys (organization_id, id);
