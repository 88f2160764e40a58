import { mountOn } from '../http/mount';
import { b2bOnlineUpstreamRoutes } from '@evt/contracts/b2b-online';
import { apiRoutes } from '@evt/contracts/routes';
import type { PlacedMeeting, ScheduleResult } from '@evt/matching/api';
import { checkMove } from '@evt/matching/index';
import type { Router } from 'express';
import { requireEvent } from '../access';
import { eventNameOfRow } from '../model/mappers';
import type { Ctx } from '../context';
import { recordMeetingNews } from '../outgoing-webhooks/b2b-events';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { loggableError } from '../logger';
import { audit } from '../rights/permissions';
import { companiesOf, programmeOf, slotsOf } from './companies';
import { mailSpaceLink } from './access';
import { localeOf, sendAgenda } from './mail';
import { agendaOf, meetingsOf, programmeViewOf, RUN_LOST_MS, scheduleInputOf, storeResult } from './schedule';

const refuse = (code: string, message: string) => new HttpError(409, code, message);

/**
 * The organiser's B2B programme page (`/events/b2b-{eventId}`), reference-upstream extensions under
 * `/events/{id}/b2b`: members of the event's organisation only (requireEvent), like every event route.
 */
export function programmeRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  const ensureRow = (eventId: number, settings: unknown) =>
    db.query(
      `INSERT INTO b2b_programmes (event_id, settings) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, JSON.stringify(settings)],
    );

  mount(apiRoutes.b2bProgramme.get, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    res.json(await programmeViewOf(db, id));
  });

  mount(b2bOnlineUpstreamRoutes.b2bSaveSettings, async ({ params, body }, _req, res) => {
    const { id } = params;
    const settings = body;
    await requireEvent(db, id, authOf(res).id);
    await db.query(
      `INSERT INTO b2b_programmes (event_id, settings) VALUES ($1, $2)
       ON CONFLICT (event_id) DO UPDATE SET settings = $2, updated_at = now()`,
      [id, JSON.stringify(settings)],
    );
    res.json(await programmeViewOf(db, id));
  });

  mount(apiRoutes.b2bProgramme.freeze, async ({ params, body }, _req, res) => {
    const { id } = params;
    const { frozen } = body;
    await requireEvent(db, id, authOf(res).id);
    const programme = await programmeOf(db, id);
    await ensureRow(id, programme.settings);
    await db.query(
      `UPDATE b2b_programmes SET frozen_at = ${frozen ? 'coalesce(frozen_at, now())' : 'NULL'} WHERE event_id = $1`,
      [id],
    );
    res.json(await programmeViewOf(db, id));
  });

  /** Starts a run in a worker thread and answers at once; the page polls the state. */
  mount(apiRoutes.b2bProgramme.schedule, async ({ params }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    const event = await requireEvent<{ organization_id: number }>(db, id, userId);
    const programme = await programmeOf(db, id);
    if (!programme.frozen) throw refuse('b2b_not_frozen', 'Freeze the programme before scheduling');
    await ensureRow(id, programme.settings);
    const started = await db.query(
      `UPDATE b2b_programmes SET run_state = 'running', run_started_at = now(), run_finished_at = NULL
       WHERE event_id = $1 AND (run_state <> 'running' OR run_started_at < now() - $2 * interval '1 millisecond')
       RETURNING event_id`,
      [id, RUN_LOST_MS],
    );
    if (!started.length) throw refuse('b2b_running', 'A schedule is already running');
    // who started the run (one at a time: the newest line is the current run's)
    await audit(db, {
      organizationId: event.organization_id,
      eventId: id,
      actorId: userId,
      action: 'b2b.scheduled',
    });
    const input = await scheduleInputOf(db, programme);
    // the worker's module is loaded on the first run only: most upstream processes never schedule
    void import('@evt/matching/worker')
      .then(({ runScheduleInWorker }) => runScheduleInWorker(input))
      .then((result: ScheduleResult) => db.transaction((tx) => storeResult(tx, id, result)))
      .catch(async (err: unknown) => {
        ctx.logger.error({ err: loggableError(err) }, 'b2b schedule failed');
        await db
          .query(
            `UPDATE b2b_programmes SET run_state = 'failed', run_finished_at = now() WHERE event_id = $1`,
            [id],
          )
          .catch(() => undefined);
      });
    res.status(202).json(await programmeViewOf(db, id));
  });

  mount(b2bOnlineUpstreamRoutes.b2bMove, async ({ params, body }, _req, res) => {
    const { id, requestId } = params;
    const move = body;
    await requireEvent(db, id, authOf(res).id);
    const programme = await programmeOf(db, id);
    const meetings = await meetingsOf(db, id);
    const meeting = meetings.find((m) => Number(m.request_id) === requestId && m.status !== 'cancelled');
    if (!meeting) throw notFound('Meeting');
    const input = await scheduleInputOf(db, programme);
    // the meeting being moved is not locked in place for its own check
    input.locked = input.locked.filter((l) => l.requestId !== String(requestId));
    const placed: PlacedMeeting[] = meetings
      .filter((m) => m.status !== 'cancelled' && Number(m.request_id) !== requestId)
      .map((m) => ({ requestId: String(m.request_id), slotId: m.slot_id, tableId: m.table_id }));
    const verdict = checkMove(input, placed, { requestId: String(requestId), ...move });
    if (verdict !== 'ok') throw refuse(`b2b_move_${verdict}`, 'This move breaks a rule of the programme');
    // an in-person meeting moved without a table named gets the slot's first free one (checkMove found
    // one free): stored without a table, it would let the next run fill the slot past its tables
    const taken = new Set(placed.filter((m) => m.slotId === move.slotId).map((m) => m.tableId));
    const tableId =
      move.tableId ?? (meeting.online ? null : (input.tables.find((t) => !taken.has(t.id))?.id ?? null));
    await db.query(
      `UPDATE b2b_meetings SET slot_id = $2, table_id = $3, sequence = sequence + 1 WHERE request_id = $1`,
      [requestId, move.slotId, tableId],
    );
    res.json(await programmeViewOf(db, id));
  });

  mount(b2bOnlineUpstreamRoutes.b2bMeetingStatus, async ({ params, body }, _req, res) => {
    const { id, requestId } = params;
    const { status } = body;
    await requireEvent(db, id, authOf(res).id);
    // held and no-show are the day's record; a cancellation (or its undoing) is news for both companies
    const rows = await db.query(
      `UPDATE b2b_meetings SET status = $3,
         sequence = sequence + CASE WHEN (status = 'cancelled') <> ($3 = 'cancelled') THEN 1 ELSE 0 END
       WHERE request_id = $1 AND event_id = $2 RETURNING request_id`,
      [requestId, id, status],
    );
    if (!rows.length) throw notFound('Meeting');
    res.json(await programmeViewOf(db, id));
  });

  /** A freed slot given to a pair who asked each other: a new meeting there, on a free table. */
  mount(b2bOnlineUpstreamRoutes.b2bOffer, async ({ params, body }, _req, res) => {
    const { id } = params;
    const { slotId, requestId } = body;
    await requireEvent(db, id, authOf(res).id);
    const view = await programmeViewOf(db, id);
    if (!view.offers.some((o) => o.slotId === slotId && o.requestId === requestId))
      throw refuse('b2b_move_slot_taken', 'This slot is no longer free for this pair');
    const programme = await programmeOf(db, id);
    const input = await scheduleInputOf(db, programme);
    const meetings = await meetingsOf(db, id);
    const placed: PlacedMeeting[] = meetings
      .filter((m) => m.status !== 'cancelled')
      .map((m) => ({ requestId: String(m.request_id), slotId: m.slot_id, tableId: m.table_id }));
    const request = input.requests.find((r) => r.id === String(requestId));
    const taken = new Set(placed.filter((p) => p.slotId === slotId).map((p) => p.tableId));
    const tableId = request?.online ? null : (input.tables.find((t) => !taken.has(t.id))?.id ?? null);
    if (!request?.online && tableId === null) throw refuse('b2b_move_tables_full', 'No table is free then');
    await db.query(
      `INSERT INTO b2b_meetings (request_id, event_id, slot_id, table_id, uid) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (request_id) DO UPDATE SET slot_id = $3, table_id = $4, status = 'scheduled',
         sequence = b2b_meetings.sequence + 1`,
      [requestId, id, slotId, tableId, `b2b-${id}-${requestId}@evt`],
    );
    res.json(await programmeViewOf(db, id));
  });

  /**
   * Publishes the agenda: the first time every company gets its agenda by mail, in its own language;
   * afterwards only the companies with a meeting changed since their last mail.
   */
  mount(b2bOnlineUpstreamRoutes.b2bPublish, async ({ params }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    const event = await requireEvent<
      { name: string; slug: string; organization_id: number } & Record<string, unknown>
    >(db, id, userId);
    const programme = await programmeOf(db, id);
    await ensureRow(id, programme.settings);
    const first = programme.publishedAt === null;
    const meetings = await meetingsOf(db, id);
    const changed = new Set<number>();
    for (const m of meetings)
      if (m.mailed_sequence !== m.sequence) {
        changed.add(Number(m.from_id));
        changed.add(Number(m.to_id));
      }
    await db.transaction(async (tx) => {
      await tx.query(
        'UPDATE b2b_programmes SET published_at = coalesce(published_at, now()) WHERE event_id = $1',
        [id],
      );
      await tx.query('UPDATE b2b_meetings SET mailed_sequence = sequence WHERE event_id = $1', [id]);
      await recordMeetingNews(tx, id, meetings, slotsOf(programme.settings, programme.timeZone));
      // each publication, by whom, with the meetings it published (the programme keeps the first's time)
      await audit(tx, {
        organizationId: event.organization_id,
        eventId: id,
        actorId: userId,
        action: 'b2b.published',
        details: { meetings: meetings.filter((m) => m.status !== 'cancelled').length },
      });
    });
    const companies = await companiesOf(db, id);
    const view = await programmeViewOf(db, id);
    const shortfalls = new Map(view.shortfalls.map((f) => [f.companyId, f]));
    const slug = event.slug || String(id);
    const recipients = companies.filter((c) => first || changed.has(c.profile.id));
    // mailed after the answer: hundreds of companies must not hold the organiser's request
    void (async () => {
      // the published programme and its meetings, read once for every company's agenda
      const read = { programme: await programmeOf(db, id), meetings: await meetingsOf(db, id) };
      for (const c of recipients) {
        const locale = localeOf(c.locale);
        // the event's name in the company's language, as the rest of its mail
        const eventTitle = eventNameOfRow(event, locale);
        const agenda = await agendaOf(db, id, eventTitle, c.profile.id, read);
        const short = shortfalls.get(c.profile.id);
        await sendAgenda(ctx, {
          to: c.email,
          locale,
          eventTitle,
          timeZone: agenda.timeZone,
          // the space itself, with a key of the mail's own (the personal link keeps working)
          url: await mailSpaceLink(db, { id: c.profile.id, locale }, slug),
          updated: !first,
          lines: agenda.meetings
            .filter((m) => m.status !== 'cancelled')
            .map((m) => ({
              start: m.start,
              table: m.table,
              online: m.table === null,
              url: m.onlineUrl,
              other: m.otherName,
            })),
          // what it asked for and did not get, and why
          shortfall: short
            ? {
                asked: short.asked,
                placed: short.placed,
                missing: short.missing.map((m) => ({
                  other: m.fromId === c.profile.id ? m.toName : m.fromName,
                  reason: m.reason,
                })),
              }
            : null,
        });
      }
    })().catch((err: unknown) => ctx.logger.error({ err: loggableError(err) }, 'b2b agendas not all mailed'));
    res.json(view);
  });

  return router;
}
