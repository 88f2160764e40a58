import { mountOn } from '../http/mount';
import { b2bOnlineUpstreamRoutes } from '@evt/contracts/b2b-online';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { notFound } from '../http/errors';
import { programmeOf } from './companies';
import { onlineLinkWorkOf } from './online-link-rows';
import { meetingsOf } from './schedule';

/**
 * The BFF's link job writes here (reference-upstream extension, the shared service header): the work of
 * an event, each meeting's link, the run's end. The organiser named in each call must belong to the
 * event's organisation (requireEvent), as for the programme page itself.
 */
export function onlineLinkRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(b2bOnlineUpstreamRoutes.b2bLinkWork, async ({ body }, _req, res) => {
    const { eventId, organiserId } = body;
    const event = await requireEvent<{ name: string }>(db, eventId, organiserId);
    const [programme, meetings, state] = await Promise.all([
      programmeOf(db, eventId),
      meetingsOf(db, eventId),
      db.query<{ online_checked_at: Date | null }>(
        'SELECT online_checked_at FROM b2b_programmes WHERE event_id = $1',
        [eventId],
      ),
    ]);
    res.json(onlineLinkWorkOf(programme, meetings, event.name, state[0]?.online_checked_at ?? null));
  });

  /**
   * One meeting's link. A new link on a meeting its companies were already mailed is news: its sequence
   * grows (calendar feeds update it, the next publication mails it). A link deleted is not (the meeting
   * is cancelled, which was news already).
   */
  mount(b2bOnlineUpstreamRoutes.b2bLinkSave, async ({ body }, _req, res) => {
    await requireEvent(db, body.eventId, body.organiserId);
    const link = body.link;
    const rows = await db.query(
      `UPDATE b2b_meetings SET online_platform = $3, online_ref = $4, online_url = $5, online_slot = $6,
         online_owner_id = $7, online_account_id = $8, online_account_email = $9,
         sequence = sequence + CASE WHEN mailed_sequence IS NOT NULL AND mailed_sequence = sequence
           AND status <> 'cancelled' AND $5::text IS NOT NULL AND online_url IS DISTINCT FROM $5 THEN 1 ELSE 0 END
       WHERE request_id = $1 AND event_id = $2 RETURNING request_id`,
      [
        body.requestId,
        body.eventId,
        link?.platform ?? null,
        link?.ref ?? null,
        link?.url ?? null,
        link?.slotId ?? null,
        link?.owner?.userId ?? null,
        link?.owner?.accountId ?? null,
        link?.owner?.accountEmail ?? null,
      ],
    );
    if (!rows.length) throw notFound('Meeting');
    res.json({ saved: true });
  });

  mount(b2bOnlineUpstreamRoutes.b2bLinkState, async ({ body }, _req, res) => {
    await requireEvent(db, body.eventId, body.organiserId);
    await db.query(
      `UPDATE b2b_programmes SET online_error = $2, online_checked_at = now() WHERE event_id = $1`,
      [body.eventId, body.error],
    );
    res.json({ saved: true });
  });
  return router;
}
