import type { Queryable } from '../db/db';

const COUNTRIES = ['FR', 'JP', 'CI', 'FR', 'SN', 'DE', 'CA', 'FR', 'US', 'JP'];
const LOCALES = ['fr', 'en', 'fr', 'ja', 'en', 'fr'];

/**
 * the demo: each seeded registration gets a country (in its form data) and a language, so the
 * reports have something to break down, and the event gets a two-day programme whose speakers are its
 * panelists and free names.
 */
export async function seedProgramme(tx: Queryable, eventId: number, firstDay: string): Promise<void> {
  const registrations = await tx.query<{ id: number }>(
    'SELECT id FROM registrations WHERE event_id = $1 ORDER BY id',
    [eventId],
  );
  for (const [i, r] of registrations.entries()) {
    await tx.query(
      `UPDATE registrations SET locale = $2, data = data || jsonb_build_object('country', $3::text) WHERE id = $1`,
      [r.id, LOCALES[i % LOCALES.length], COUNTRIES[i % COUNTRIES.length]],
    );
  }
  const panelists = await tx.query<{ id: number; name: string }>(
    `SELECT id, coalesce(nullif(trim(first_names || ' ' || last_name), ''), full_name) AS name
     FROM registrations WHERE event_id = $1 AND kind = 'panelist' ORDER BY id`,
    [eventId],
  );
  const panelist = panelists[0] ? [{ registrationId: panelists[0].id, name: panelists[0].name }] : [];
  const free = (name: string) => ({ registrationId: null, name });
  const sessions: [number, string, string, string, string, unknown[]][] = [
    [0, '09:00', '09:45', 'Auditorium', 'Ouverture du salon', [free('Claire Martin')]],
    [0, '10:00', '11:00', 'Auditorium', 'L’IA au service de l’industrie', [...panelist, free('Kenji Sato')]],
    [0, '10:00', '11:00', 'Salle Seine', 'Financer sa start-up', [free('Sofia Martins')]],
    [0, '14:00', '15:30', 'Salle Seine', 'Table ronde : énergie et climat', [free('Awa Diop'), ...panelist]],
    [1, '09:30', '10:30', 'Auditorium', 'Villes intelligentes', [free('Marc Dubois')]],
    [1, '11:00', '12:00', 'Salle Loire', 'Atelier B2B : réussir ses rendez-vous', [free('Claire Martin')]],
  ];
  for (const [offset, start, end, room, title, speakers] of sessions) {
    await tx.query(
      `INSERT INTO planning_sessions (event_id, title, day, starts_at, ends_at, room, speakers)
       VALUES ($1, $2, $3::date + $4::int, $5, $6, $7, $8)`,
      [eventId, title, firstDay, offset, start, end, room, JSON.stringify(speakers)],
    );
  }
}
