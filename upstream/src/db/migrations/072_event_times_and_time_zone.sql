-- An event has a time zone (IANA name) and, optionally, an opening time on its first day and a closing
-- time on its last ('HH:MM' on the event's clock; null: a whole day). Events created before keep whole
-- days and take the product's default zone, the spec's Europe/Paris (docs/decisions/console.md), which is
-- the zone their programme's sessions were already read in.
ALTER TABLE events ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris';
ALTER TABLE events ADD COLUMN start_time text;
ALTER TABLE events ADD COLUMN end_time text;
