-- Public registration URLs name an event by its slug (`/events-{slug}/participant`): it must be unique.
CREATE UNIQUE INDEX events_slug_key ON events (slug);
