-- Outgoing webhook events name people (a registration's name and e-mail, a lead's visitor, a meeting's
-- companies), and are kept as the delivery log. An erasure (data-rights/erase.ts) leaves of each event
-- that names the person its ids only: `registration_ids` lists whom an event names, so the erasure finds
-- them through an index, and `webhook_data_without_people` is what the event's data becomes.

CREATE OR REPLACE FUNCTION webhook_data_registrations(data jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT id), '{}') FROM (
    SELECT (data ->> 'registrationId')::integer AS id
    UNION ALL SELECT (data #>> '{visitor,registrationId}')::integer
    UNION ALL SELECT (data #>> '{exhibitor,registrationId}')::integer
    UNION ALL SELECT (company ->> 'registrationId')::integer
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data -> 'companies') = 'array'
                                     THEN data -> 'companies' ELSE '[]'::jsonb END) AS company
  ) named WHERE id IS NOT NULL
$$;

CREATE OR REPLACE FUNCTION webhook_data_without_people(data jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'registrationId', data -> 'registrationId',
    'leadId', data -> 'leadId',
    'meetingId', data -> 'meetingId',
    'exhibitor', CASE WHEN data ? 'exhibitor'
      THEN jsonb_build_object('registrationId', data #> '{exhibitor,registrationId}') END,
    'visitor', CASE WHEN data ? 'visitor'
      THEN jsonb_build_object('registrationId', data #> '{visitor,registrationId}') END,
    'companies', CASE WHEN jsonb_typeof(data -> 'companies') = 'array'
      THEN (SELECT jsonb_agg(jsonb_build_object('registrationId', company -> 'registrationId'))
              FROM jsonb_array_elements(data -> 'companies') AS company) END
  ))
$$;

ALTER TABLE webhook_events ADD COLUMN IF NOT EXISTS registration_ids integer[] NOT NULL DEFAULT '{}';
UPDATE webhook_events SET registration_ids = webhook_data_registrations(payload -> 'data');
CREATE INDEX IF NOT EXISTS webhook_events_registrations_idx ON webhook_events USING gin (registration_ids);

-- people erased before this migration: their events keep their ids only
UPDATE webhook_events SET payload = jsonb_set(payload, '{data}', webhook_data_without_people(payload -> 'data'))
 WHERE registration_ids && ARRAY(SELECT id FROM registrations WHERE erased_at IS NOT NULL);
