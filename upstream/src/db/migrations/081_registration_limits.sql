-- Registration limits and a waiting list (docs/decisions/registration.md, "Places and the waiting list").
-- Per form: how many places (NULL: no limit), when it stops taking registrations (NULL: never), whether a
-- full form puts visitors on a waiting list, and how many hours a promoted person has to confirm.
ALTER TABLE event_forms ADD COLUMN capacity integer CHECK (capacity IS NULL OR capacity >= 0);
ALTER TABLE event_forms ADD COLUMN closes_at timestamptz;
ALTER TABLE event_forms ADD COLUMN waitlist_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE event_forms ADD COLUMN promotion_hours integer NOT NULL DEFAULT 48
  CHECK (promotion_hours BETWEEN 1 AND 720);

-- A waiting person (status 'waitlisted') is placed by when it joined the list, then by id; a promoted one
-- (status 'promoted') holds a place until confirm_by. confirm_url: the visitor's confirmation page (the
-- site and language it registered from), so that a promotion decided later links to the right place.
ALTER TABLE registrations ADD COLUMN waitlisted_at timestamptz;
ALTER TABLE registrations ADD COLUMN confirm_by timestamptz;
ALTER TABLE registrations ADD COLUMN confirm_url text;
CREATE INDEX registrations_waitlist_idx ON registrations (event_id, waitlisted_at, id) WHERE status = 'waitlisted';
CREATE INDEX registrations_promoted_idx ON registrations (confirm_by) WHERE status = 'promoted';
