import { checkinDeviceUpstreamRoutes } from '@evt/contracts/checkin-offline';
import type { ScanResult } from '@evt/contracts/checkin-offline';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { Router } from 'express';
import type { Ctx } from '../context';
import { type Db, type Row, toIso } from '../db/db';
import { recordCheckinEvent } from '../outgoing-webhooks/record';
import { authOf } from '../http/auth';
import { mountOn } from '../http/mount';
import { PEOPLE } from '../model/registrations';
import { requirePermission } from '../rights/permissions';
import { PERSON_COLUMNS, toPerson } from './badges';

/** A device's clock a little ahead is taken as now: a scan cannot win by being dated in the future. */
const FUTURE_SLACK_MS = 60_000;

interface Scan {
  scanId: string;
  registrationId: number;
  desk: string;
  scannedAt: string;
}

/**
 * Records one scan: a confirmed registration is checked in once; a scan earlier than the one recorded
 * replaces it (the first by time wins, whichever device synced first); the same scan again changes nothing.
 * The answer says whether this scan is the one that counts, or who, when and where did.
 */
export async function recordScan(
  db: Db,
  eventId: number,
  userId: number,
  scan: Scan,
  now = Date.now(),
): Promise<ScanResult> {
  const found = await db.query<{ status: string }>(
    `SELECT status FROM ${PEOPLE} r WHERE id = $1 AND event_id = $2`,
    [scan.registrationId, eventId],
  );
  if (!found[0]) return { scanId: scan.scanId, result: { outcome: 'unknown' } };
  if (found[0].status !== 'confirmed') return { scanId: scan.scanId, result: { outcome: 'notConfirmed' } };
  const at = new Date(Math.min(Date.parse(scan.scannedAt), now + FUTURE_SLACK_MS)).toISOString();
  await db.transaction(async (tx) => {
    const written = await tx.query<{ checked_in_at: Date; desk: string | null; first: boolean }>(
      `INSERT INTO checkins (registration_id, event_id, checked_in_at, checked_in_by, checked_in_by_name, desk, scan_id)
     SELECT $1, $2, $3, u.id, trim(u.first_name || ' ' || u.last_name), $4, $5 FROM users u WHERE u.id = $6
     ON CONFLICT (registration_id) DO UPDATE SET checked_in_at = EXCLUDED.checked_in_at,
       checked_in_by = EXCLUDED.checked_in_by, checked_in_by_name = EXCLUDED.checked_in_by_name,
       desk = EXCLUDED.desk, scan_id = EXCLUDED.scan_id
     WHERE EXCLUDED.checked_in_at < checkins.checked_in_at
       AND (checkins.scan_id IS NULL OR checkins.scan_id <> EXCLUDED.scan_id)
     RETURNING checked_in_at, desk, (xmax = 0) AS first`,
      [scan.registrationId, eventId, at, scan.desk, scan.scanId, userId],
    );
    // an earlier scan replacing a later one moves the arrival's time: the person was in already, no new event
    if (written[0]?.first) await recordCheckinEvent(tx, eventId, scan.registrationId, written[0]);
  });
  const rows = await db.query(
    `SELECT ${PERSON_COLUMNS}, c.scan_id FROM ${PEOPLE} r JOIN checkins c ON c.registration_id = r.id
     WHERE r.id = $1`,
    [scan.registrationId],
  );
  const row = rows[0] as Row;
  const outcome = String(row.scan_id) === scan.scanId ? 'checkedIn' : 'already';
  return { scanId: scan.scanId, result: { outcome, person: toPerson(row) } };
}

/** Extension (see upstream README): the check-in devices' batches of scans and their roster. */
export function checkinDeviceRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(checkinDeviceUpstreamRoutes.recordScans, async ({ params, body }, _req, res) => {
    const userId = authOf(res).id;
    await requirePermission(db, params.id, userId, 'checkin:scan');
    const results: ScanResult[] = [];
    // in the order scanned: within a batch too, the earliest scan of a person is the one recorded first
    const scans = [...body.scans].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
    for (const scan of scans) results.push(await recordScan(db, params.id, userId, scan));
    const order = new Map(body.scans.map((scan, index) => [scan.scanId, index]));
    results.sort((a, b) => (order.get(a.scanId) ?? 0) - (order.get(b.scanId) ?? 0));
    res.json({ results });
  });

  mount(checkinDeviceUpstreamRoutes.roster, async ({ params, query }, _req, res) => {
    await requirePermission(db, params.id, authOf(res).id, 'checkin:scan');
    const rows = await db.query(
      `SELECT r.id, r.kind, r.last_name, r.first_names, c.checked_in_at, c.checked_in_by_name, c.desk
       FROM ${PEOPLE} r LEFT JOIN checkins c ON c.registration_id = r.id
       WHERE r.event_id = $1 AND r.status = 'confirmed' AND r.id > $2 ORDER BY r.id LIMIT $3`,
      [params.id, query.after, query.limit],
    );
    res.json({
      data: rows.map((row) => ({
        registrationId: Number(row.id),
        lastName: String(row.last_name ?? ''),
        firstNames: String(row.first_names ?? ''),
        role: String(row.kind) as RegistrationKind,
        checkedInAt: row.checked_in_at ? toIso(row.checked_in_at) : null,
        checkedInBy: row.checked_in_at ? String(row.checked_in_by_name ?? '') : null,
        desk: row.desk ? String(row.desk) : null,
      })),
    });
  });

  return router;
}
