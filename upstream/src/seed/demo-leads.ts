import { randomUUID } from 'node:crypto';
import { LEAD_CONSENT_FIELD } from '@evt/contracts/forms/consent';
import type { Queryable } from '../db/db';

/**
 * The demo fair's lead retrieval: its first confirmed exhibitor holds a stand (Lumen Optique), most visitors
 * agreed on their form to share their details with exhibitors, and the stand scanned some of them on the
 * first morning, with notes and ratings. The organiser's leads page counts them; the stand's link, sent
 * from that page, lands in the demo outbox and opens the space with these leads.
 */
export async function seedDemoLeads(tx: Queryable, eventId: number, morning: string) {
  const [stand] = await tx.query<{ id: number }>(
    `SELECT id FROM registrations WHERE event_id = $1 AND kind = 'exhibitor' AND status = 'confirmed'
      ORDER BY id LIMIT 1`,
    [eventId],
  );
  if (!stand) return;
  // every confirmed visitor but the last agreed (the last one scans as "no consent")
  const visitors = await tx.query<{ id: number }>(
    `SELECT id FROM registrations WHERE event_id = $1 AND status = 'confirmed' AND id <> $2 ORDER BY id`,
    [eventId, stand.id],
  );
  const agreed = visitors.slice(0, -1).map((v) => v.id);
  await tx.query(
    `UPDATE registrations SET data = data || jsonb_build_object('${LEAD_CONSENT_FIELD}', true)
     WHERE id = ANY($1::int[])`,
    [agreed],
  );
  const notes: [string, number | null][] = [
    ['Cherche un fournisseur de capteurs pour 2027 : envoyer la fiche technique.', 5],
    ['Intéressé par la démo du stand, rappeler après le salon.', 4],
    ['', 3],
    ['Étudiant, pas de projet à court terme.', null],
  ];
  for (const [index, visitorId] of agreed.slice(0, notes.length).entries()) {
    const [note, rating] = notes[index] as [string, number | null];
    await tx.query(
      `INSERT INTO leads (event_id, exhibitor_id, visitor_id, scan_id, scanned_at, scanned_by, note, rating)
       VALUES ($1, $2, $3, $4, $5::timestamptz + ($6::int * interval '17 minutes'), $7, $8, $9)`,
      [
        eventId,
        stand.id,
        visitorId,
        randomUUID(),
        morning,
        index + 1,
        index % 2 ? 'Thomas' : 'Julie',
        note,
        rating,
      ],
    );
  }
}
