import { dataRightsUpstreamRoutes, retentionBody } from '@evt/contracts/data-rights';
import { orgParams } from '@evt/contracts/organizations';
import { OWNER_TYPE } from '@evt/contracts/permissions';
import { registrationItemParams } from '@evt/contracts/registrations';
import express, { Router } from 'express';
import { requireMember } from '../access';
import type { Ctx } from '../context';
import { authOf, requireAuth } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { parse } from '../http/validate';
import { filesOf, REGISTRATION_COLUMNS, toRegistration } from '../model/registrations';
import { audit, requirePermission } from '../rights/permissions';
import { webhookGuard } from '../webhook/guard';
import { anonymise, dueForRetention } from './erase';
import { personalData, streamExport } from './export';

/** One person's export and erasure, the retention period and its job. */
export function dataRightsRoutes(ctx: Ctx): Router {
  const router = Router();
  const { db } = ctx;
  const auth = requireAuth(ctx);
  const path = '/events/:id/registrations/:registrationId/personal-data';

  router.get(path, auth, async (req, res) => {
    const { id, registrationId } = parse(registrationItemParams, req.params);
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

  router.delete(path, auth, async (req, res) => {
    const { id, registrationId } = parse(registrationItemParams, req.params);
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

  router.get('/organizations/:id/retention', auth, async (req, res) => {
    const { id } = parse(orgParams, req.params);
    await requireMember(db, id, authOf(res).id);
    const rows = await db.query<{ retention_months: number | null }>(
      'SELECT retention_months FROM organizations WHERE id = $1',
      [id],
    );
    res.json({ retentionMonths: rows[0]?.retention_months ?? null });
  });

  router.put('/organizations/:id/retention', auth, async (req, res) => {
    const { id } = parse(orgParams, req.params);
    if ((await requireMember(db, id, authOf(res).id)) !== OWNER_TYPE) throw forbidden();
    const { retentionMonths } = parse(retentionBody, req.body);
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
  const router = Router();
  const { db } = ctx;
  const route = dataRightsUpstreamRoutes.retentionRun;
  router.post(
    route.path,
    webhookGuard(ctx.webhookHeaderName, ctx.webhookHeaderValue),
    express.json({ limit: '10kb' }),
    async (req, res) => {
      const { limit } = parse(route.body, req.body ?? {});
      res.json(await runRetention(db, limit));
    },
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
    return { anonymised: erased.length, events: [...perEvent.keys()] };
  });
}
