import { LEAD_CONSENT_FIELD } from '@evt/contracts/forms/consent';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { Lead, LeadScanResult } from '@evt/contracts/leads';
import type { z } from 'zod';
import type { verifiedLeadScan } from '@evt/contracts/leads';
import { type Db, type Queryable, type Row, toIso } from '../db/db';
import { PEOPLE } from '../model/registrations';
import { recordLeadEvent } from '../outgoing-webhooks/record';
import { organisationOf } from '../routes/badges';
import type { ExhibitorCaller } from './access';

/** The visitor agreed on their form that exhibitors receive their details (forms/consent.ts). */
export const CONSENTED = `(v.data ->> '${LEAD_CONSENT_FIELD}') = 'true'`;

/**
 * A stand's leads with what their visitors share: a visitor erased, cancelled since, or who withdrew
 * their agreement leaves the list (the row goes with an erasure; the others no longer show).
 */
const LEADS_OF = `SELECT l.*, v.last_name, v.first_names, v.email, v.kind, v.data
  FROM leads l JOIN ${PEOPLE} v ON v.id = l.visitor_id
  WHERE l.exhibitor_id = $1 AND v.status = 'confirmed' AND ${CONSENTED}`;

export function toLead(row: Row): Lead {
  return {
    id: Number(row.id),
    lastName: String(row.last_name ?? ''),
    firstNames: String(row.first_names ?? ''),
    organisation: organisationOf((row.data ?? {}) as Record<string, unknown>),
    role: String(row.kind) as RegistrationKind,
    email: String(row.email ?? ''),
    scannedAt: toIso(row.scanned_at),
    scannedBy: String(row.scanned_by ?? ''),
    note: String(row.note ?? ''),
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    updatedAt: toIso(row.updated_at),
  };
}

export async function leadsOf(db: Queryable, exhibitorId: number): Promise<Lead[]> {
  const rows = await db.query(`${LEADS_OF} ORDER BY l.scanned_at DESC, l.id DESC`, [exhibitorId]);
  return rows.map(toLead);
}

export async function leadOf(db: Queryable, exhibitorId: number, leadId: number): Promise<Lead | null> {
  const rows = await db.query(`${LEADS_OF} AND l.id = $2`, [exhibitorId, leadId]);
  return rows[0] ? toLead(rows[0]) : null;
}

type VerifiedScan = z.infer<typeof verifiedLeadScan>;

/**
 * One scan of a badge at a stand. A second scan of the same visitor finds the first lead (`already`), and
 * the earlier scan by time is the one the lead keeps (devices offline sync late). A scan id already
 * recorded answers as it did (a batch sent twice): its visitor's lead is found by the same conflict, and
 * still carries its scan id, so the answer is `added` again. A visitor of another event, not confirmed,
 * or who did not agree to share is refused and nothing of them is written.
 */
export async function recordLeadScan(
  db: Db,
  stand: ExhibitorCaller,
  scan: VerifiedScan,
): Promise<LeadScanResult> {
  if (scan.eventId !== stand.eventId) return { outcome: 'otherEvent' };
  const visitors = await db.query<{ consented: boolean }>(
    `SELECT ${CONSENTED} AS consented FROM ${PEOPLE} v
     WHERE v.id = $1 AND v.event_id = $2 AND v.status = 'confirmed'`,
    [scan.registrationId, stand.eventId],
  );
  if (!visitors[0]) return { outcome: 'unknown' };
  if (!visitors[0].consented) return { outcome: 'noConsent' };
  const rows = await db.transaction(async (tx) => {
    const written = await tx.query<{ id: number; scan_id: string; first: boolean }>(
      `INSERT INTO leads (event_id, exhibitor_id, visitor_id, scan_id, scanned_at, scanned_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (exhibitor_id, visitor_id) DO UPDATE SET
         scanned_by = CASE WHEN excluded.scanned_at < leads.scanned_at THEN excluded.scanned_by
                           ELSE leads.scanned_by END,
         scanned_at = least(leads.scanned_at, excluded.scanned_at)
       RETURNING id, scan_id, (xmax = 0) AS first`,
      [stand.eventId, stand.exhibitorId, scan.registrationId, scan.scanId, scan.scannedAt, scan.scannedBy],
    );
    // a visitor's second scan at the stand, or a batch sent again, is no new lead: no second event
    if (written[0]?.first) {
      await recordLeadEvent(tx, {
        id: Number(written[0].id),
        eventId: stand.eventId,
        exhibitor: { registrationId: stand.exhibitorId, name: stand.name },
        visitorId: scan.registrationId,
        scannedAt: scan.scannedAt,
        scannedBy: scan.scannedBy,
      });
    }
    return written;
  });
  const row = rows[0] as { id: number; scan_id: string };
  const lead = await leadOf(db, stand.exhibitorId, Number(row.id));
  if (!lead) return { outcome: 'unknown' };
  return { outcome: String(row.scan_id) === scan.scanId ? 'added' : 'already', lead };
}
