import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { dataRightsUpstreamRoutes } from '@evt/contracts/data-rights';
import { OWNER_TYPE } from '@evt/contracts/permissions';
import express, { type Router } from 'express';
import { requireMember } from '../access';
import type { Ctx } from '../context';
import { authOf } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { filesOf, REGISTRATION_COLUMNS, toRegistration } from '../model/registrations';
import { audit, requirePermission } from '../rights/permissions';
import { purgeWebhookLog } from '../outgoing-webhooks/record';
import { anonymise, dueForRetention } from './erase';
import { personalData, streamExport } from './export';

/** One person's export and erasure, the retention period and its job. */
export function dataRightsRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.dataRights.exportPerson, async ({ params }, _req, res) => {
    const { id, registrationId } = params;
    const userId = authOf(res).id;
    const rights = await requirePermission(db, id, userId, 'registrations:contacts');
    const exported = await personalData(db, id, registrationId);
    // the line says who exported whom (by id) and when; never what was in it
    await audit(db, {
      organizationId: rights.organizationId,
      eventId: id,
      actorId: userId,
      action: 'registration.exported',
      details: { registrationId, files: exported.files.length },
    });
    res
      .set('Content-Type', 'application/zip')
      .set('Content-Disposition', `attachment; filename="registration-${registrationId}.zip"`)
      .set('X-Content-Type-Options', 'nosniff')
      .set('Cache-Control', 'private, no-store');
    await streamExport(db, res, exported);
  });

  mount(apiRoutes.dataRights.erasePerson, async ({ params }, _req, res) => {
    const { id, registrationId } = params;
    const userId = authOf(res).id;
    const rights = await requirePermission(db, id, userId, 'registrations:write');
    const row = await db.transaction(async (tx) => {
      const found = await tx.query(
        'SELECT id FROM registrations WHERE id = $1 AND event_id = $2 FOR UPDATE',
        [registrationId, id],
      );
      if (!found[0]) throw notFound('Registration');
      const [erased] = await anonymise(tx, [registrationId]);
      // erasing an erased row changes nothing and logs nothing
      if (erased) {
        await audit(tx, {
          organizationId: rights.organizationId,
          eventId: id,
          actorId: userId,
          action: 'registration.erased',
          details: { registrationId, files: erased.files, anonymised: true },
        });
      }
      const rows = await tx.query(`SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1`, [
        registrationId,
      ]);
      return rows[0];
    });
    if (!row) throw notFound('Registration');
    res.json(toRegistration(row, await filesOf(db, [registrationId])));
  });

  mount(apiRoutes.dataRights.getRetention, async ({ params }, _req, res) => {
    const { id } = params;
    await requireMember(db, id, authOf(res).id);
    const rows = await db.query<{ retention_months: number | null }>(
      'SELECT retention_months FROM organizations WHERE id = $1',
      [id],
    );
    res.json({ retentionMonths: rows[0]?.retention_months ?? null });
  });

  mount(apiRoutes.dataRights.setRetention, async ({ params, body }, _req, res) => {
    const { id } = params;
    if ((await requireMember(db, id, authOf(res).id)) !== OWNER_TYPE) throw forbidden();
    const { retentionMonths } = body;
    await db.query('UPDATE organizations SET retention_months = $2 WHERE id = $1', [id, retentionMonths]);
    res.json({ retentionMonths });
  });

  return router;
}

/**
 * The retention job's call (the BFF's repeatable job, behind the webhook's shared header): anonymises
 * the registrations whose event ended more than the organisation's months ago, a batch at a time, and
 * writes one audit line per event (how many, never who).
 */
export function retentionWorkerRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  mount(
    dataRightsUpstreamRoutes.retentionRun,
    async ({ body }, _req, res) => {
      res.json(await runRetention(db, body.limit));
    },
    { readBody: express.json({ limit: '10kb' }) },
  );
  return router;
}

export async function runRetention(db: Ctx['db'], limit: number) {
  const due = await dueForRetention(db, limit);
  return db.transaction(async (tx) => {
    const erased = await anonymise(tx, due);
    const perEvent = new Map<number, number>();
    for (const row of erased) perEvent.set(row.eventId, (perEvent.get(row.eventId) ?? 0) + 1);
    for (const [eventId, count] of perEvent) {
      await tx.query(
        `INSERT INTO audit_log (organization_id, event_id, actor_id, actor_name, action, details)
         SELECT organization_id, id, NULL, '', 'registrations.anonymised', $2::jsonb FROM events WHERE id = $1`,
        [eventId, JSON.stringify({ count, reason: 'retention' })],
      );
    }
    const webhookEventsPurged = await purgeWebhookLog(tx, limit);
    return { anonymised: erased.length, events: [...perEvent.keys()], webhookEventsPurged };
  });
}
