import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { daysFrom } from './days';

/** A one-page PDF small enough to sit in the seed (a scanned certificate, as far as the demo goes). */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A link nobody holds: the demo's requests are answered or waiting; a resend mails a working one. */
const unusedTokenHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');

/**
 * the demo: two information requests on the event's first registrations, one answered (a text and
 * a document) and one sent a few days ago and still waiting, so the requests page and a registration's
 * detail show both states.
 */
export async function seedInfoRequests(tx: Queryable, eventId: number, organiser: number, now: Date) {
  const people = await tx.query<{ id: number }>(
    'SELECT id FROM registrations WHERE event_id = $1 ORDER BY id LIMIT 2',
    [eventId],
  );
  const [answered, pending] = people;
  if (!answered || !pending) return;
  const ago = (days: number) => daysFrom(now, -days);
  const items = [
    { key: 'q1', kind: 'text', label: 'Numéro de TVA intracommunautaire', required: true },
    { key: 'q2', kind: 'file', label: 'Attestation d’assurance', required: true },
  ];
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO info_requests (event_id, registration_id, message, items, answers, token_hash, expires_at,
       created_by, created_at, sent_at, opened_at, answered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11) RETURNING id`,
    [
      eventId,
      answered.id,
      'Bonjour, pour finaliser votre stand, merci de nous transmettre votre numéro de TVA et votre attestation d’assurance.',
      JSON.stringify(items),
      JSON.stringify({ q1: 'FR12345678901' }),
      unusedTokenHash(),
      daysFrom(now, 25),
      organiser,
      ago(5),
      ago(4),
      ago(3),
    ],
  );
  await tx.query(
    `INSERT INTO info_request_files (request_id, item_key, filename, content_type, size, data)
     VALUES ($1, 'q2', 'attestation-assurance.pdf', 'application/pdf', $2, $3)`,
    [rows[0]?.id, DEMO_PDF.length, DEMO_PDF],
  );
  await tx.query(
    `INSERT INTO info_requests (event_id, registration_id, message, items, token_hash, expires_at, created_by,
       created_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [
      eventId,
      pending.id,
      'Bonjour, pourriez-vous nous indiquer vos besoins d’accessibilité pour le jour de l’événement ?',
      JSON.stringify([{ key: 'q1', kind: 'text', label: 'Besoins d’accessibilité', required: true }]),
      unusedTokenHash(),
      daysFrom(now, 28),
      organiser,
      ago(1),
    ],
  );
}
