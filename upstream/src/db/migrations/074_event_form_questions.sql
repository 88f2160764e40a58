-- An event form's custom questions (contracts/src/forms/questions.ts), in the organiser's order. The
-- answers live with each registration, in its data under `question<id>`. A question removed after people
-- answered it is retired (retired_at set), not deleted: visitors no longer see it, its answers stay listed
-- and exported.
CREATE TABLE event_form_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_id integer NOT NULL REFERENCES event_forms (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  type text NOT NULL,
  required boolean NOT NULL DEFAULT false,
  label jsonb NOT NULL DEFAULT '{}',
  options jsonb NOT NULL DEFAULT '[]',
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_form_questions_form_idx ON event_form_questions (form_id, position);
