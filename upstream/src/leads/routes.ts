import { LOCALE_PREFIX, type Locale, normaliseLocale } from '@evt/contracts/locale';
import { leadUpstreamRoutes } from '@evt/contracts/leads';
import type { LeadScanAnswer } from '@evt/contracts/leads';
import { apiRoutes } from '@evt/contracts/routes';
import { keyFragment } from '@evt/contracts/visitor-pages';
import type { Router } from 'express';
import type { Ctx } from '../context';
import { type Row, toIso } from '../db/db';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';
import { mountOn } from '../http/mount';
import { composeMail } from '../mail/templates';
import { eventNameOfRow, EVENT_NAME_COLUMNS } from '../model/mappers';
import { newLinkKey, PEOPLE, sha256 } from '../model/registrations';
import { audit, requirePermission } from '../rights/permissions';
import { contactOf, EXHIBITOR_KINDS_SQL, exhibitorByKey, exhibitorName, LINK_EXPIRY_SQL } from './access';
import { CONSENTED, leadOf, leadsOf, recordLeadScan } from './model';

/**
 * Lead retrieval (docs/decisions/event-day.md, "Exhibitors' leads"). The stand's space is called by the
 * BFF only (the shared service header), each call a POST carrying the link's code and key in its body; the
 * organiser's side is the event's, behind `registrations:read` / `registrations:write`.
 */
export function leadRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(leadUpstreamRoutes.space, async ({ body }, _req, res) => {
    const stand = await exhibitorByKey(db, body);
    res.json({
      eventTitle: stand.eventTitle,
      eventTitles: stand.eventTitles,
      eventLanguages: stand.eventLanguages,
      eventSlug: stand.eventSlug,
      exhibitor: { name: stand.name, contact: stand.contact },
      leads: await leadsOf(db, stand.exhibitorId),
    });
  });

  mount(leadUpstreamRoutes.record, async ({ body }, _req, res) => {
    const stand = await exhibitorByKey(db, body);
    const results: LeadScanAnswer['results'] = [];
    // the earliest scan of a visitor first, within a batch too
    const scans = [...body.scans].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
    for (const scan of scans) {
      results.push({ scanId: scan.scanId, result: await recordLeadScan(db, stand, scan) });
    }
    const order = new Map(body.scans.map((scan, index) => [scan.scanId, index]));
    results.sort((a, b) => (order.get(a.scanId) ?? 0) - (order.get(b.scanId) ?? 0));
    res.json({ results });
  });

  mount(leadUpstreamRoutes.edit, async ({ body }, _req, res) => {
    const stand = await exhibitorByKey(db, body);
    const rows = await db.query(
      `UPDATE leads SET note = $3, rating = $4, updated_at = now()
       WHERE id = $1 AND exhibitor_id = $2 RETURNING id`,
      [body.leadId, stand.exhibitorId, body.edit.note, body.edit.rating],
    );
    const lead = rows[0] ? await leadOf(db, stand.exhibitorId, body.leadId) : null;
    if (!lead) throw notFound('Lead');
    res.json(lead);
  });

  mount(leadUpstreamRoutes.remove, async ({ body }, _req, res) => {
    const stand = await exhibitorByKey(db, body);
    const rows = await db.query('DELETE FROM leads WHERE id = $1 AND exhibitor_id = $2 RETURNING id', [
      body.leadId,
      stand.exhibitorId,
    ]);
    if (!rows[0]) throw notFound('Lead');
    res.status(204).end();
  });

  // the organiser's table: each stand, how many leads, when its link was sent (no visitor's data); a lead
  // counts as long as the stand's own list shows it (its visitor confirmed and still agreeing)
  mount(apiRoutes.leads.exhibitors, async ({ params }, _req, res) => {
    await requirePermission(db, params.id, authOf(res).id, 'registrations:read');
    const rows = await db.query(
      `SELECT r.id, r.data, r.last_name, r.first_names, r.locale, l.leads, l.last_scan_at, k.link_sent_at,
         k.live_links
       FROM ${PEOPLE} r
       CROSS JOIN LATERAL (SELECT count(*) AS leads, max(l.scanned_at) AS last_scan_at
         FROM leads l JOIN ${PEOPLE} v ON v.id = l.visitor_id
         WHERE l.exhibitor_id = r.id AND v.status = 'confirmed' AND ${CONSENTED}) l
       CROSS JOIN LATERAL (SELECT max(created_at) AS link_sent_at, count(*) AS live_links
         FROM exhibitor_keys WHERE registration_id = r.id) k
       WHERE r.event_id = $1 AND r.kind IN (${EXHIBITOR_KINDS_SQL}) AND r.status = 'confirmed'
       ORDER BY r.id`,
      [params.id],
    );
    const data = rows.map((row: Row) => ({
      registrationId: Number(row.id),
      name: exhibitorName(row),
      contact: contactOf(row),
      leads: Number(row.leads),
      lastScanAt: row.last_scan_at ? toIso(row.last_scan_at) : null,
      linkSentAt: row.link_sent_at ? toIso(row.link_sent_at) : null,
      liveLinks: Number(row.live_links),
    }));
    res.json({ data: data.sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name)) });
  });

  // a new key, mailed to the stand's registered address in its language (earlier links keep working)
  mount(leadUpstreamRoutes.sendLink, async ({ params, body }, _req, res) => {
    const userId = authOf(res).id;
    const rights = await requirePermission(db, params.id, userId, 'registrations:write');
    const rows = await db.query(
      `SELECT r.id, r.email, r.locale, r.data, r.last_name, r.first_names,
         coalesce(nullif(e.slug, ''), e.id::text) AS slug, ${EVENT_NAME_COLUMNS},
         ${LINK_EXPIRY_SQL} < now() AS expired
       FROM ${PEOPLE} r JOIN events e ON e.id = r.event_id
       WHERE r.id = $1 AND r.event_id = $2 AND r.kind IN (${EXHIBITOR_KINDS_SQL}) AND r.status = 'confirmed'`,
      [params.registrationId, params.id],
    );
    const row = rows[0];
    if (!row || row.expired) throw notFound('Exhibitor');
    const key = newLinkKey();
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO exhibitor_keys (key_hash, registration_id) VALUES ($1, $2)', [
        sha256(key),
        params.registrationId,
      ]);
      await audit(tx, {
        organizationId: rights.organizationId,
        eventId: params.id,
        actorId: userId,
        action: 'exhibitorLink.sent',
        details: { registrationId: params.registrationId, exhibitor: exhibitorName(row) },
      });
    });
    const locale: Locale = normaliseLocale(String(row.locale)) ?? 'fr';
    const base = new URL(body.linkBase).origin;
    const mail = composeMail('exhibitorLink', locale, {
      // the key in the fragment: no server or access log on the way sees it
      link: `${base}${LOCALE_PREFIX[locale]}/events-${String(row.slug)}/exhibitor-${params.registrationId}${keyFragment(key)}`,
      name: contactOf(row),
      organization: exhibitorName(row),
      event: eventNameOfRow(row, locale),
    });
    await ctx.mail.send({ to: String(row.email), locale, ...mail });
    res.status(202).json({ status: 'sent' });
  });

  // every link of the stand stops opening its space (its leads stay)
  mount(apiRoutes.leads.revokeLinks, async ({ params }, _req, res) => {
    const userId = authOf(res).id;
    const rights = await requirePermission(db, params.id, userId, 'registrations:write');
    await db.transaction(async (tx) => {
      const rows = await tx.query(
        `SELECT r.id, r.data, r.last_name, r.first_names, r.locale FROM ${PEOPLE} r
         WHERE r.id = $1 AND r.event_id = $2 AND r.kind IN (${EXHIBITOR_KINDS_SQL})`,
        [params.registrationId, params.id],
      );
      if (!rows[0]) throw notFound('Exhibitor');
      await tx.query('DELETE FROM exhibitor_keys WHERE registration_id = $1', [params.registrationId]);
      await audit(tx, {
        organizationId: rights.organizationId,
        eventId: params.id,
        actorId: userId,
        action: 'exhibitorLink.revoked',
        details: { registrationId: params.registrationId, exhibitor: exhibitorName(rows[0]) },
      });
    });
    res.status(204).end();
  });

  return router;
}
