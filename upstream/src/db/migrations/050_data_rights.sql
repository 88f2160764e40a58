-- The visitor's data rights (docs/decisions/data-rights.md). An organisation's retention period:
-- registrations of its events ended more than this many months ago are anonymised; NULL keeps them.
ALTER TABLE organizations ADD COLUMN retention_months integer CHECK (retention_months BETWEEN 1 AND 240);

-- An erased registration keeps its row (kind, status, language, dates: the counts stay right) without any
-- personal data; erased_at says when.
ALTER TABLE registrations ADD COLUMN erased_at timestamptz;
CREATE INDEX registrations_not_erased_idx ON registrations (event_id) WHERE erased_at IS NULL;

-- Every status a registration went through, written by the database itself whatever code changes it.
CREATE TABLE registration_status_changes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  registration_id integer NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  status text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_status_changes_idx ON registration_status_changes (registration_id, id);

-- what is known of the registrations made before: created pending, then their status now
INSERT INTO registration_status_changes (registration_id, status, changed_at)
  SELECT id, 'pending', created_at FROM registrations;
INSERT INTO registration_status_changes (registration_id, status, changed_at)
  SELECT id, status, coalesce(confirmed_at, created_at) FROM registrations WHERE status <> 'pending';

-- (one line per function body: the migration runner splits statements at a semicolon ending a line)
CREATE FUNCTION record_registration_status() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO registration_status_changes (registration_id, status) VALUES (NEW.id, NEW.status); RETURN NEW; END $$;

CREATE TRIGGER registration_status_inserted AFTER INSERT ON registrations
  FOR EACH ROW EXECUTE FUNCTION record_registration_status();
CREATE TRIGGER registration_status_updated AFTER UPDATE OF status ON registrations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION record_registration_status();
