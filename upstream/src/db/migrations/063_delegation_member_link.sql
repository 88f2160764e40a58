-- A delegation member's registration names its delegation: the one of the same event whose member list
-- holds the member's address (the address its invitation went to), so each side's detail shows the other.
ALTER TABLE registrations
  ADD COLUMN delegation_id integer REFERENCES registrations (id) ON DELETE SET NULL;
CREATE INDEX registrations_delegation_idx ON registrations (delegation_id) WHERE delegation_id IS NOT NULL;

-- members who registered before: linked as a new registration is (upstream/src/model/delegations.ts)
UPDATE registrations m SET delegation_id = (
  SELECT d.id FROM registrations d
   WHERE d.event_id = m.event_id AND d.kind = 'delegation' AND d.erased_at IS NULL
     AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(
                   CASE WHEN jsonb_typeof(d.data -> 'memberEmails') = 'array' THEN d.data -> 'memberEmails' ELSE '[]'::jsonb END
                 ) e WHERE lower(e) = lower(m.email))
   ORDER BY d.id LIMIT 1)
 WHERE m.kind = 'delegation_member' AND m.erased_at IS NULL;
