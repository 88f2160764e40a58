-- Extension: the organiser orders an event's forms (the console and the upstream list them by
-- position, then by id, so forms that were never ordered keep their creation order; POST
-- event-forms-order rewrites the positions). The form's registrations are counted by form_id.
ALTER TABLE event_forms ADD COLUMN position integer NOT NULL DEFAULT 0;
CREATE INDEX registrations_form_idx ON registrations (form_id);
