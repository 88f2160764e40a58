-- The organiser's list and its export read pages by keyset: `(sort key, id)` after the last row of the
-- page before, in the order the list offers (registrations:read's sorts), through one of these indexes,
-- so the thousandth page costs what the first does. Erased registrations are out of every list (PEOPLE).
CREATE INDEX registrations_list_created_idx ON registrations (event_id, created_at, id) WHERE erased_at IS NULL;
CREATE INDEX registrations_list_last_name_idx ON registrations (event_id, lower(last_name), id) WHERE erased_at IS NULL;
CREATE INDEX registrations_list_email_idx ON registrations (event_id, lower(email), id) WHERE erased_at IS NULL;
CREATE INDEX registrations_list_status_idx ON registrations (event_id, status, id) WHERE erased_at IS NULL;
