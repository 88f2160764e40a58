-- An event's name and description, and a form's title, in the event's
-- other languages ({ "en": { "name": "…", "description": "…" } } and { "en": "…" }); empty means not written.
ALTER TABLE events ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE event_forms ADD COLUMN titles jsonb NOT NULL DEFAULT '{}';
