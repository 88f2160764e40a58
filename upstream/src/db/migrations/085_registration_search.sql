-- The list's search (`q`: `lower(column) LIKE '%…%'` over what the caller may read, rights/permissions.ts
-- readableText) through trigram indexes: each searched expression has one, so a search reads the rows that
-- hold the text's trigrams instead of every row of the event. Erased registrations are out of every list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX registrations_search_last_name_idx ON registrations USING gin (lower(last_name) gin_trgm_ops) WHERE erased_at IS NULL;
CREATE INDEX registrations_search_first_names_idx ON registrations USING gin (lower(first_names) gin_trgm_ops) WHERE erased_at IS NULL;
CREATE INDEX registrations_search_full_name_idx ON registrations USING gin (lower(first_names || ' ' || last_name) gin_trgm_ops) WHERE erased_at IS NULL;
CREATE INDEX registrations_search_email_idx ON registrations USING gin (lower(email) gin_trgm_ops) WHERE erased_at IS NULL;
CREATE INDEX registrations_search_structure_idx ON registrations USING gin (lower((CASE WHEN data->>'companyName' LIKE '%@%' THEN '' ELSE coalesce(data->>'companyName', '') END) || ' ' || (CASE WHEN data->>'organizationName' LIKE '%@%' THEN '' ELSE coalesce(data->>'organizationName', '') END) || ' ' || (CASE WHEN data->>'structureName' LIKE '%@%' THEN '' ELSE coalesce(data->>'structureName', '') END) || ' ' || (CASE WHEN data->>'agencyName' LIKE '%@%' THEN '' ELSE coalesce(data->>'agencyName', '') END) || ' ' || (CASE WHEN data->>'delegationName' LIKE '%@%' THEN '' ELSE coalesce(data->>'delegationName', '') END)) gin_trgm_ops) WHERE erased_at IS NULL;
