import type { Agenda, ProgrammeView } from '@evt/contracts/b2b';
import type { ScheduleInput, ScheduleResult } from '@evt/matching/api';
import { lockedConflicts, scoreAll } from '@evt/matching/index';
import type { Queryable } from '../db/db';
import { toIso } from '../db/db';
import {
  availableSlotIds,
  type Company,
  companiesOf,
  exclusionsOf,
  matchConfigOf,
  type Programme,
  programmeOf,
  slotsOf,
} from './companies';
import { onlineLinksSummaryOf } from './online-link-rows';
import { fewestOf, type RequestLine, shortfallsOf } from './shortfalls';

export interface MeetingRow {
  request_id: number;
  slot_id: string;
  table_id: string | null;
  status: string;
  uid: string;
  sequence: number;
  mailed_sequence: number | null;
  online_url: string | null;
  online_platform: string | null;
  online_ref: string | null;
  online_owner_id: number | null;
  online_account_id: string | null;
  online_account_email: string | null;
  online_slot: string | null;
  from_id: number;
  to_id: number;
  online: boolean;
  from_name: string;
  to_name: string;
}

export async function meetingsOf(db: Queryable, eventId: number): Promise<MeetingRow[]> {
  return db.query<MeetingRow & Record<string, unknown>>(
    `SELECT m.*, q.from_id, q.to_id, q.online, rf.data->>'companyName' AS from_name,
       rt.data->>'companyName' AS to_name
     FROM b2b_meetings m JOIN b2b_requests q ON q.id = m.request_id
     JOIN registrations rf ON rf.id = q.from_id JOIN registrations rt ON rt.id = q.to_id
     WHERE m.event_id = $1 ORDER BY m.slot_id, m.table_id`,
    [eventId],
  );
}

/** The requests the scheduler places: accepted ones, or every open one without mutual acceptance. */
async function schedulableRequests(db: Queryable, eventId: number, mutual: boolean) {
  return db.query<{
    id: number;
    from_id: number;
    to_id: number;
    online: boolean;
    status: string;
    must_meet: boolean;
  }>(
    `SELECT id, from_id, to_id, online, status, must_meet FROM b2b_requests
     WHERE event_id = $1 AND status = ANY($2::text[]) ORDER BY id`,
    [eventId, mutual ? ['accepted'] : ['pending', 'accepted']],
  );
}

/**
 * The engine's input for an event: the grid, the tables, each company's quota and available slots, the
 * requests to place with their pair's score, and the meetings already published (locked where they are).
 * Slots begun by `now` are closed to new meetings.
 */
export async function scheduleInputOf(
  db: Queryable,
  programme: Programme,
  now: Date = new Date(),
): Promise<ScheduleInput> {
  const { eventId, settings } = programme;
  const [companies, config, exclusions, requests, meetings] = await Promise.all([
    companiesOf(db, eventId),
    matchConfigOf(db, eventId),
    exclusionsOf(db, eventId),
    schedulableRequests(db, eventId, settings.mutualAcceptance),
    meetingsOf(db, eventId),
  ]);
  const slots = slotsOf(settings, programme.timeZone);
  const scores = scoreAll(
    companies.map((c) => c.profile),
    config,
    exclusions,
  );
  const index = new Map<number, number>(scores.ids.map((id: number, i: number) => [id, i]));
  const scoreOf = (a: number, b: number) => {
    const i = index.get(a);
    const j = index.get(b);
    return i === undefined || j === undefined ? 0 : (scores.scores[i * scores.ids.length + j] ?? 0);
  };
  const known = new Set(companies.map((c) => c.profile.id));
  const live = requests.filter((r) => known.has(Number(r.from_id)) && known.has(Number(r.to_id)));
  const liveIds = new Set(live.map((r) => String(r.id)));
  const locked = meetings
    .filter(
      (m) => m.mailed_sequence !== null && m.status !== 'cancelled' && liveIds.has(String(m.request_id)),
    )
    .map((m) => ({ requestId: String(m.request_id), slotId: m.slot_id, tableId: m.table_id, m }));
  // a slot already begun is given to nobody new; a published meeting keeps its own, past or not
  const begun = new Set(slots.filter((s) => Date.parse(s.start) <= now.getTime()).map((s) => s.id));
  const keptSlots = new Map<number, Set<string>>();
  for (const { m } of locked)
    for (const id of [Number(m.from_id), Number(m.to_id)])
      keptSlots.set(id, (keptSlots.get(id) ?? new Set()).add(m.slot_id));
  const open = (companyId: number) => (slotId: string) =>
    !begun.has(slotId) || (keptSlots.get(companyId)?.has(slotId) ?? false);
  return {
    slots,
    tables: settings.tables.map((name, i) => ({ id: `t${i + 1}`, name })),
    companies: companies.map((c) => ({
      id: c.profile.id,
      quota: settings.meetingQuota,
      availableSlotIds: availableSlotIds(c.profile, slots).filter(open(c.profile.id)),
    })),
    requests: live.map((r) => ({
      id: String(r.id),
      from: Number(r.from_id),
      to: Number(r.to_id),
      online: Boolean(r.online),
      score: scoreOf(Number(r.from_id), Number(r.to_id)),
      mustMeet: Boolean(r.must_meet),
    })),
    locked: locked.map(({ requestId, slotId, tableId }) => ({ requestId, slotId, tableId })),
    // the programme's own seed: the same programme gives the same schedule, run after run
    options: { seed: programme.scheduleSeed },
  };
}

/** Stores a run's result: meetings keep their UID; a moved one gets a new sequence (its calendars update). */
export async function storeResult(db: Queryable, eventId: number, result: ScheduleResult): Promise<void> {
  const existing = new Map((await meetingsOf(db, eventId)).map((m) => [String(m.request_id), m]));
  const placedIds = new Set(result.placed.map((p) => p.requestId));
  for (const [requestId, m] of existing)
    if (!placedIds.has(requestId) && m.status !== 'cancelled') {
      // never published: simply gone; published: cancelled, so its companies are told
      if (m.mailed_sequence === null)
        await db.query('DELETE FROM b2b_meetings WHERE request_id = $1', [m.request_id]);
      else
        await db.query(
          `UPDATE b2b_meetings SET status = 'cancelled', sequence = sequence + 1 WHERE request_id = $1`,
          [m.request_id],
        );
    }
  for (const p of result.placed) {
    const m = existing.get(p.requestId);
    if (!m) {
      await db.query(
        `INSERT INTO b2b_meetings (request_id, event_id, slot_id, table_id, uid) VALUES ($1, $2, $3, $4, $5)`,
        [Number(p.requestId), eventId, p.slotId, p.tableId, `b2b-${eventId}-${p.requestId}@evt`],
      );
    } else if (m.slot_id !== p.slotId || m.table_id !== p.tableId || m.status === 'cancelled') {
      await db.query(
        `UPDATE b2b_meetings SET slot_id = $2, table_id = $3, status = 'scheduled', sequence = sequence + 1
         WHERE request_id = $1`,
        [m.request_id, p.slotId, p.tableId],
      );
    }
  }
  await db.query(
    `UPDATE b2b_programmes SET unplaced = $2, run_proof = $3, run_state = 'done', run_finished_at = now()
     WHERE event_id = $1`,
    [
      eventId,
      JSON.stringify(result.unplaced),
      JSON.stringify({
        upperBound: result.stats.upperBound,
        gapPct: result.stats.gapPct,
        optimal: result.stats.optimal,
      }),
    ],
  );
}

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** A run older than this was lost with its process (a restart): it shows as failed, and can run again. */
export const RUN_LOST_MS = 10 * 60_000;

export async function programmeViewOf(db: Queryable, eventId: number): Promise<ProgrammeView> {
  const programme = await programmeOf(db, eventId);
  const [companies, match, meetings, requests, linkState] = await Promise.all([
    companiesOf(db, eventId),
    matchConfigOf(db, eventId),
    meetingsOf(db, eventId),
    db.query<RequestLine & Record<string, unknown>>(
      `SELECT q.id, q.from_id, q.to_id, q.status, q.must_meet, rf.data->>'companyName' AS from_name,
         rt.data->>'companyName' AS to_name
       FROM b2b_requests q JOIN registrations rf ON rf.id = q.from_id JOIN registrations rt ON rt.id = q.to_id
       WHERE q.event_id = $1`,
      [eventId],
    ),
    db.query<{ online_error: string | null; online_checked_at: Date | null }>(
      'SELECT online_error, online_checked_at FROM b2b_programmes WHERE event_id = $1',
      [eventId],
    ),
  ]);
  const slots = slotsOf(programme.settings, programme.timeZone);
  const active = meetings.filter((m) => m.status !== 'cancelled');
  const perCompany = new Map<number, number>(companies.map((c) => [c.profile.id, 0]));
  for (const m of active)
    for (const id of [Number(m.from_id), Number(m.to_id)]) perCompany.set(id, (perCompany.get(id) ?? 0) + 1);
  const counts = [...perCompany.values()];
  const byRequest = new Map(requests.map((r) => [String(r.id), r]));
  const { leftOut, shortfalls } = shortfallsOf({
    companies: companies.map((c) => ({ id: c.profile.id, name: c.profile.companyName })),
    requests,
    met: new Set(active.map((m) => Number(m.request_id))),
    unplaced: new Map(programme.unplaced.map((u) => [Number(u.requestId), u.reason])),
    mutualAcceptance: programme.settings.mutualAcceptance,
    quota: programme.settings.meetingQuota,
  });
  const tableName = new Map(programme.settings.tables.map((name, i) => [`t${i + 1}`, name]));
  let state = programme.runState;
  if (
    state === 'running' &&
    programme.runStartedAt &&
    Date.now() - programme.runStartedAt.getTime() > RUN_LOST_MS
  )
    state = 'failed';
  return {
    eventId,
    timeZone: programme.timeZone,
    settings: programme.settings,
    match,
    frozen: programme.frozen,
    publishedAt: programme.publishedAt ? toIso(programme.publishedAt) : null,
    run: {
      state: state as ProgrammeView['run']['state'],
      startedAt: programme.runStartedAt ? toIso(programme.runStartedAt) : null,
      finishedAt: programme.runFinishedAt ? toIso(programme.runFinishedAt) : null,
      upperBound: programme.runProof?.upperBound ?? null,
      gapPct: programme.runProof?.gapPct ?? null,
      optimal: programme.runProof?.optimal ?? false,
    },
    lockedConflicts: lockedConflicts(await scheduleInputOf(db, programme)).flatMap((c) => {
      const r = byRequest.get(c.requestId);
      return r
        ? [
            {
              requestId: Number(c.requestId),
              fromName: r.from_name ?? '',
              toName: r.to_name ?? '',
              reason: c.reason,
            },
          ]
        : [];
    }),
    slots,
    meetings: meetings.map((m) => ({
      requestId: Number(m.request_id),
      slotId: m.slot_id,
      tableId: m.table_id,
      tableName: m.table_id ? (tableName.get(m.table_id) ?? m.table_id) : null,
      fromId: Number(m.from_id),
      toId: Number(m.to_id),
      fromName: m.from_name ?? '',
      toName: m.to_name ?? '',
      status: m.status as ProgrammeView['meetings'][number]['status'],
      online: Boolean(m.online),
      mustMeet: Boolean(byRequest.get(String(m.request_id))?.must_meet),
      onlineUrl: m.online ? m.online_url : null,
    })),
    unplaced: leftOut,
    shortfalls,
    figures: {
      companies: companies.length,
      requests: requests.filter((r) => r.status === 'pending' || r.status === 'accepted').length,
      accepted: requests.filter((r) => r.status === 'accepted').length,
      placed: active.length,
      minMeetings: counts.length ? Math.min(...counts) : 0,
      minCompanies: fewestOf(
        perCompany,
        new Map(companies.map((c) => [c.profile.id, c.profile.companyName])),
      ),
      medianMeetings: median(counts),
      maxMeetings: counts.length ? Math.max(...counts) : 0,
      tablesUsed: new Set(active.map((m) => m.table_id).filter(Boolean)).size,
      ...mustMeetFigures(requests, active),
    },
    offers: offersOf(programme, requests, meetings),
    pendingChanges: meetings.filter((m) => m.mailed_sequence !== null && m.mailed_sequence !== m.sequence)
      .length,
    companies: companiesWithUse(companies, requests),
    onlineLinks: onlineLinksSummaryOf(programme, meetings, linkState[0]),
  };
}

/** The open must-meet requests, and how many of them have a meeting. */
function mustMeetFigures(
  requests: readonly { id: number; status: string; must_meet: boolean }[],
  active: readonly MeetingRow[],
): { mustMeet: number; mustMeetPlaced: number } {
  const placed = new Set(active.map((m) => String(m.request_id)));
  const open = requests.filter((r) => r.must_meet && (r.status === 'pending' || r.status === 'accepted'));
  return { mustMeet: open.length, mustMeetPlaced: open.filter((r) => placed.has(String(r.id))).length };
}

/** Each company with its live requests sent (what its cap counts), by name. */
function companiesWithUse(
  companies: readonly Company[],
  requests: readonly { from_id: number; status: string }[],
): ProgrammeView['companies'] {
  const used = new Map<number, number>();
  for (const r of requests)
    if (r.status === 'pending' || r.status === 'accepted')
      used.set(Number(r.from_id), (used.get(Number(r.from_id)) ?? 0) + 1);
  return companies
    .map((c) => ({
      id: c.profile.id,
      companyName: c.profile.companyName,
      requestsUsed: used.get(c.profile.id) ?? 0,
    }))
    .sort((a, b) => a.companyName.localeCompare(b.companyName));
}

/**
 * Slots freed by a cancellation, each offered to a pair that asked each other (both directions, one of
 * the requests still open) with no meeting together and both free at that slot.
 */
function offersOf(
  programme: Programme,
  requests: readonly RequestLine[],
  meetings: MeetingRow[],
): ProgrammeView['offers'] {
  if (!programme.publishedAt) return [];
  const freed = [...new Set(meetings.filter((m) => m.status === 'cancelled').map((m) => m.slot_id))];
  if (!freed.length) return [];
  const busy = new Set(
    meetings
      .filter((m) => m.status !== 'cancelled')
      .flatMap((m) => [`${m.from_id}@${m.slot_id}`, `${m.to_id}@${m.slot_id}`]),
  );
  const withMeeting = new Set(
    meetings.filter((m) => m.status !== 'cancelled').map((m) => String(m.request_id)),
  );
  const live = requests.filter((r) => r.status === 'pending' || r.status === 'accepted');
  const asked = new Set(
    requests
      .filter((r) => r.status !== 'withdrawn' && r.status !== 'declined')
      .map((r) => `${r.from_id}>${r.to_id}`),
  );
  const offers: ProgrammeView['offers'] = [];
  for (const slotId of freed)
    for (const r of live) {
      if (withMeeting.has(String(r.id))) continue;
      if (!asked.has(`${r.to_id}>${r.from_id}`)) continue;
      if (busy.has(`${r.from_id}@${slotId}`) || busy.has(`${r.to_id}@${slotId}`)) continue;
      offers.push({ slotId, requestId: Number(r.id), fromName: r.from_name ?? '', toName: r.to_name ?? '' });
      if (offers.length >= 50) return offers;
    }
  return offers;
}

/** A company's published agenda. */
export async function agendaOf(
  db: Queryable,
  eventId: number,
  eventTitle: string,
  companyId: number,
  /** the event's programme and meetings, read once by a caller that builds every company's agenda */
  read?: { programme: Programme; meetings: MeetingRow[] },
): Promise<Agenda> {
  const programme = read?.programme ?? (await programmeOf(db, eventId));
  const { timeZone } = programme;
  if (!programme.publishedAt) return { eventTitle, timeZone, published: false, meetings: [], mustMeet: [] };
  const slots = new Map(slotsOf(programme.settings, programme.timeZone).map((s) => [s.id, s]));
  const tableName = new Map(programme.settings.tables.map((name, i) => [`t${i + 1}`, name]));
  const meetings = (read?.meetings ?? (await meetingsOf(db, eventId))).filter(
    (m) => m.mailed_sequence !== null && (Number(m.from_id) === companyId || Number(m.to_id) === companyId),
  );
  return {
    eventTitle,
    timeZone,
    published: true,
    mustMeet: await mustMeetOutcomes(db, programme, companyId, meetings),
    meetings: meetings.flatMap((m) => {
      const slot = slots.get(m.slot_id);
      if (!slot) return [];
      const mine = Number(m.from_id) === companyId;
      return [
        {
          requestId: Number(m.request_id),
          uid: m.uid,
          sequence: m.sequence,
          start: slot.start,
          end: slot.end,
          table: m.online ? null : m.table_id ? (tableName.get(m.table_id) ?? m.table_id) : null,
          onlineUrl: m.online_url,
          otherName: (mine ? m.to_name : m.from_name) ?? '',
          otherId: mine ? Number(m.to_id) : Number(m.from_id),
          status: m.status as Agenda['meetings'][number]['status'],
        },
      ];
    }),
  };
}

/**
 * What became of the company's open must-meet requests in the published programme: placed, or the reason
 * the last run gave for leaving it out (none when it was not scheduled: not accepted yet, or sent since).
 */
async function mustMeetOutcomes(
  db: Queryable,
  programme: Programme,
  companyId: number,
  published: readonly MeetingRow[],
): Promise<Agenda['mustMeet']> {
  const rows = await db.query<{ id: number; other_name: string }>(
    `SELECT q.id, r.data->>'companyName' AS other_name
     FROM b2b_requests q JOIN registrations r ON r.id = q.to_id
     WHERE q.from_id = $1 AND q.must_meet AND q.status IN ('pending', 'accepted') ORDER BY q.id`,
    [companyId],
  );
  const placed = new Set(published.filter((m) => m.status !== 'cancelled').map((m) => Number(m.request_id)));
  const unplaced = new Map(programme.unplaced.map((u) => [Number(u.requestId), u.reason]));
  return rows.map((r) => ({
    requestId: Number(r.id),
    otherName: r.other_name ?? '',
    placed: placed.has(Number(r.id)),
    reason: placed.has(Number(r.id))
      ? null
      : ((unplaced.get(Number(r.id)) as Agenda['mustMeet'][number]['reason'] | undefined) ?? null),
  }));
}
