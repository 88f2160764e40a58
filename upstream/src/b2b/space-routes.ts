import { mountOn } from '../http/mount';
import { b2bUpstreamRoutes } from '@evt/contracts/upstream-b2b';
import { LEFT_OUT_SHOWN, type RequestView } from '@evt/contracts/b2b';
import { isListedInDirectory } from '@evt/contracts/b2b-edit';
import { IMAGE_TYPES as LOGO_TYPES } from '@evt/contracts/forms/fields';
import { scorePair, suggestMatches } from '@evt/matching/index';
import type { Router } from 'express';
import type { Ctx } from '../context';
import type { Queryable, Row } from '../db/db';
import { toBuffer, toIso } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import {
  companyByFeedKey,
  companyByKey,
  feedKeyOf,
  issueSpaceLink,
  type SpaceCaller,
  type SpaceCredential,
} from './access';
import {
  availableSlotIds,
  companiesOf,
  exclusionsOf,
  matchConfigOf,
  programmeOf,
  requestCapOf,
  requestsUsedOf,
  slotsOf,
  summaryOf,
} from './companies';
import { mustMeetRoutes } from './must-meet';
import { ownProfileRoutes } from './profile-edit';
import { mailRequestLater } from './request-mails';
import { agendaOf } from './schedule';

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, message);

/**
 * The company's private space, called by the BFF only (the shared service header). Every call
 * is a POST carrying the personal link's `{code}` and key in its body, never in a path a log could keep:
 * an extension of the reference upstream (`/public/b2b/space/{op}`), documented in the report.
 */

export function spaceRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  /** the company whose personal link the body carries (parsed by the route's contract) */
  const caller = async (c: SpaceCredential): Promise<SpaceCaller> => companyByKey(db, c.slug, c.code, c.key);

  mount(b2bUpstreamRoutes.b2bLink, async ({ body }, _req, res) => {
    const numeric = /^\d{1,9}$/.test(body.slug) ? Number(body.slug) : -1;
    const rows = await db.query(
      `SELECT r.id FROM registrations r JOIN events e ON e.id = r.event_id
       WHERE r.id = $1 AND r.kind = 'b2b' AND r.status = 'confirmed' AND (e.slug = $2 OR e.id = $3)`,
      [body.code, body.slug, numeric],
    );
    // to the registered address only, and the same answer whoever asks
    if (rows[0]) await issueSpaceLink(ctx, body.code, new URL(body.linkBase).origin);
    res.status(202).json({ status: 'sent' });
  });

  mount(b2bUpstreamRoutes.b2bMe, async ({ body }, _req, res) => {
    const me = await caller(body);
    const programme = await programmeOf(db, me.eventId);
    const used = await requestsUsedOf(db, me.company.profile.id);
    res.json({
      eventTitle: me.eventTitle,
      eventTitles: me.eventNames.titles,
      eventLanguages: me.eventNames.languages,
      eventSlug: me.eventSlug,
      company: summaryOf(me.company, 100),
      programme: {
        frozen: programme.frozen,
        published: programme.publishedAt !== null,
        requestCap: requestCapOf(programme.settings, me.company.profile.id),
        mutualAcceptance: programme.settings.mutualAcceptance,
      },
      requestsUsed: used,
    });
  });

  /** Every other company of the event with its score against the caller. */
  const scored = async (me: SpaceCaller) => {
    const [companies, config, exclusions] = await Promise.all([
      companiesOf(db, me.eventId),
      matchConfigOf(db, me.eventId),
      exclusionsOf(db, me.eventId),
    ]);
    const others = companies.filter((c) => c.profile.id !== me.company.profile.id);
    // what the directory and the suggestions show: the companies that agreed to be listed
    const listed = others.filter((c) => isListedInDirectory(c.data));
    return { companies, others, listed, config, exclusions };
  };

  mount(b2bUpstreamRoutes.b2bDirectory, async ({ body }, _req, res) => {
    const me = await caller(body);
    const { query } = body;
    const { listed, config, exclusions } = await scored(me);
    const q = query.q.toLowerCase();
    const data = listed
      .filter((c) => {
        const p = c.profile;
        if (query.profileType && p.profileType !== query.profileType) return false;
        if (query.sector && !p.sectors.includes(query.sector)) return false;
        if (query.offer && p.offerType !== query.offer) return false;
        if (query.need && p.needType !== query.need) return false;
        if (query.country && p.country !== query.country) return false;
        if (query.format && p.participationFormat !== query.format) return false;
        if (query.revenue && c.data.annualRevenue !== query.revenue) return false;
        if (query.certification && !p.certifications?.includes(query.certification)) return false;
        if (!q) return true;
        const text = `${p.companyName} ${String(c.data.companyDescription ?? '')} ${String(c.data.skills ?? '')}`;
        return text.toLowerCase().includes(q);
      })
      .map((c) => summaryOf(c, scorePair(me.company.profile, c.profile, config, exclusions).score))
      .sort((a, b) => a.companyName.localeCompare(b.companyName));
    res.json({ data, total: data.length });
  });

  mount(b2bUpstreamRoutes.b2bSuggestions, async ({ body }, _req, res) => {
    const me = await caller(body);
    const { listed: others, config, exclusions } = await scored(me);
    const byId = new Map(others.map((c) => [c.profile.id, c]));
    // only companies this one can actually meet: a slot of the programme where both are available
    const programme = await programmeOf(db, me.eventId);
    const slots = slotsOf(programme.settings, programme.timeZone);
    const mine = new Set(availableSlotIds(me.company.profile, slots));
    const meets = (c: (typeof others)[number]) => availableSlotIds(c.profile, slots).some((s) => mine.has(s));
    const canMeet = others.filter(meets);
    const rank = (list: typeof others) =>
      suggestMatches(
        me.company.profile,
        list.map((c) => c.profile),
        config,
        exclusions,
        20,
      ) as { id: number; score: number }[];
    const ranked = rank(canMeet);
    const data = ranked.flatMap((r: { id: number; score: number }) => {
      const c = byId.get(r.id);
      return c ? [summaryOf(c, r.score)] : [];
    });
    // the best matches over every company: those it can never meet are named, with when they are available
    const lowest = data.at(-1)?.score ?? 0;
    const leftOut = rank(others).flatMap((r) => {
      const c = byId.get(r.id);
      if (!c || meets(c) || (data.length >= 20 && r.score < lowest)) return [];
      return [
        {
          id: c.profile.id,
          companyName: c.profile.companyName,
          score: r.score,
          timeSlots: c.profile.timeSlots,
          availabilityStart: c.profile.availabilityStart,
          availabilityEnd: c.profile.availabilityEnd,
        },
      ];
    });
    res.json({ data, leftOut: leftOut.slice(0, LEFT_OUT_SHOWN) });
  });

  mount(b2bUpstreamRoutes.b2bCompany, async ({ body }, _req, res) => {
    const me = await caller(body);
    const { companyId } = body;
    const { others, config, exclusions } = await scored(me);
    const other = others.find((c) => c.profile.id === companyId);
    if (!other) throw notFound('Company');
    const requests = await requestsOf(db, me);
    const request = requests.filter((r) => r.otherId === companyId).at(-1) ?? null;
    // a company out of the directory is open only to those it has a request with (either way)
    if (!isListedInDirectory(other.data) && !request) throw notFound('Company');
    const pair = scorePair(me.company.profile, other.profile, config, exclusions);
    const d = other.data;
    const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
    res.json({
      ...summaryOf(other, pair.score),
      companyDescription: s('companyDescription'),
      skills: s('skills'),
      websiteUrl: s('websiteUrl'),
      otherCertification: s('otherCertification'),
      targetMarket: s('targetMarket'),
      needUrgency: s('needUrgency'),
      targetedPartnerType: s('targetedPartnerType'),
      specificCriteria: s('specificCriteria'),
      availabilityStart: s('availabilityStart'),
      availabilityEnd: s('availabilityEnd'),
      timeSlots: other.profile.timeSlots,
      fullName: s('fullName'),
      position: s('position'),
      // the five strongest criteria, then the notes (points 0), which a cut would always drop
      reasons: [
        ...pair.reasons.filter((r) => r.points > 0).slice(0, 5),
        ...pair.reasons.filter((r) => r.points === 0),
      ],
      request,
    });
  });

  // a company's uploaded logo: its own, or another confirmed company's of the same programme
  mount(b2bUpstreamRoutes.b2bCompanyLogo, async ({ body }, _req, res) => {
    const me = await caller(body);
    const { companyId } = body;
    const rows = await db.query<{ content_type: string; data: unknown }>(
      `SELECT f.content_type, f.data FROM registration_files f JOIN registrations r ON r.id = f.registration_id
       WHERE f.registration_id = $1 AND f.field = 'logo' AND r.event_id = $2 AND r.kind = 'b2b'
         AND r.status = 'confirmed' AND r.erased_at IS NULL AND f.content_type = ANY($3::text[])
       ORDER BY f.id DESC LIMIT 1`,
      [companyId, me.eventId, LOGO_TYPES],
    );
    const file = rows[0];
    res.json({
      logo: file ? { type: file.content_type, data: toBuffer(file.data).toString('base64') } : null,
    });
  });

  mount(b2bUpstreamRoutes.b2bRequests, async ({ body }, _req, res) => {
    const me = await caller(body);
    res.json({ data: await requestsOf(db, me) });
  });

  mount(b2bUpstreamRoutes.b2bSend, async ({ body: sent }, _req, res) => {
    const me = await caller(sent);
    const body = sent.request;
    const myId = me.company.profile.id;
    if (body.toId === myId) throw refuse(409, 'b2b_self', 'A company cannot ask itself for a meeting');
    const created = await db.transaction(async (tx) => {
      // both companies locked, in id order: the cap holds under concurrent sends, and two crossing
      // requests of one pair wait for each other (the pair's unique index holds it in any case)
      await tx.query('SELECT id FROM registrations WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
        [myId, body.toId],
      ]);
      const programme = await programmeOf(tx, me.eventId);
      if (programme.frozen) throw refuse(409, 'b2b_frozen', 'The programme is frozen');
      const target = await tx.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM registrations WHERE id = $1 AND event_id = $2 AND kind = 'b2b' AND status = 'confirmed'`,
        [body.toId, me.eventId],
      );
      if (!target[0]) throw notFound('Company');
      const between = await tx.query<{ from_id: number; status: string }>(
        `SELECT from_id, status FROM b2b_requests
         WHERE (from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)`,
        [myId, body.toId],
      );
      // out of the directory: asked only by a company it already has a request with
      if (!isListedInDirectory(target[0].data) && between.length === 0) throw notFound('Company');
      if (between.some((r) => Number(r.from_id) === myId && r.status === 'declined'))
        throw refuse(409, 'b2b_declined', 'This company declined a meeting');
      if (between.some((r) => r.status === 'pending' || r.status === 'accepted'))
        throw refuse(409, 'b2b_duplicate', 'A request between these companies is already open');
      // the company's own cap when the organiser set one; the page shows how many remain (me)
      const cap = requestCapOf(programme.settings, myId);
      const used = await requestsUsedOf(tx, myId);
      if (used >= cap)
        throw refuse(409, 'b2b_cap', `The request cap is reached: ${used} of ${cap} used, 0 remaining`);
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO b2b_requests (event_id, from_id, to_id, message, online) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING id`,
        [me.eventId, myId, body.toId, body.message, body.online],
      );
      if (!rows[0]) throw refuse(409, 'b2b_duplicate', 'A request between these companies is already open');
      return Number(rows[0].id);
    });
    const view = (await requestsOf(db, me)).find((r) => r.id === created);
    res.status(201).json(view);
    mailRequestLater(ctx, created, 'arrived');
  });

  mount(b2bUpstreamRoutes.b2bAct, async ({ body }, _req, res) => {
    const me = await caller(body);
    const { requestId, action } = body;
    const { reason } = body.decline;
    const myId = me.company.profile.id;
    await db.transaction(async (tx) => {
      const programme = await programmeOf(tx, me.eventId);
      if (programme.frozen) throw refuse(409, 'b2b_frozen', 'The programme is frozen');
      const rows = await tx.query<{ from_id: number; to_id: number; status: string }>(
        'SELECT from_id, to_id, status FROM b2b_requests WHERE id = $1 AND event_id = $2 FOR UPDATE',
        [requestId, me.eventId],
      );
      const row = rows[0];
      const mine = row && (action === 'withdraw' ? Number(row.from_id) : Number(row.to_id)) === myId;
      if (!row || !mine) throw notFound('Request');
      const allowed = action === 'accept' ? ['pending'] : ['pending', 'accepted'];
      if (!allowed.includes(row.status))
        throw refuse(409, 'invalid_transition', 'This request cannot change this way any more');
      const status = action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'withdrawn';
      await tx.query(
        `UPDATE b2b_requests SET status = $2, decline_reason = $3, updated_at = now() WHERE id = $1`,
        [requestId, status, action === 'decline' ? reason : ''],
      );
      // a meeting already placed for it is cancelled (its companies are told at the next publication)
      if (status !== 'accepted')
        await tx.query(
          `UPDATE b2b_meetings SET status = 'cancelled', sequence = sequence + 1 WHERE request_id = $1 AND status <> 'cancelled'`,
          [requestId],
        );
    });
    const view = (await requestsOf(db, me)).find((r) => r.id === requestId);
    res.json(view);
    if (action === 'accept') mailRequestLater(ctx, requestId, 'accepted');
  });

  mount(b2bUpstreamRoutes.b2bAgenda, async ({ body }, _req, res) => {
    const me = await caller(body);
    res.json(await agendaOf(db, me.eventId, me.eventTitleForCompany, me.company.profile.id));
  });

  mount(b2bUpstreamRoutes.b2bFeedKey, async ({ body }, _req, res) => {
    const me = await caller(body);
    const { renew } = body;
    res.json({ feedKey: await feedKeyOf(db, me.company.profile.id, renew) });
  });

  // the calendar feed: its own key, which opens this read and nothing else
  mount(b2bUpstreamRoutes.b2bFeedAgenda, async ({ body }, _req, res) => {
    const me = await companyByFeedKey(db, body.slug, body.code, body.feedKey);
    res.json(await agendaOf(db, me.eventId, me.eventTitleForCompany, me.company.profile.id));
  });

  ownProfileRoutes(mount, db, caller);
  mustMeetRoutes(mount, db, caller, requestsOf);

  return router;
}

/** The caller's requests, sent and received, oldest first, with the scheduler's reason when left out. */
export async function requestsOf(db: Queryable, me: SpaceCaller): Promise<RequestView[]> {
  const myId = me.company.profile.id;
  const [rows, programme] = await Promise.all([
    db.query(
      `SELECT q.*, rf.data->>'companyName' AS from_name, rt.data->>'companyName' AS to_name
       FROM b2b_requests q JOIN registrations rf ON rf.id = q.from_id JOIN registrations rt ON rt.id = q.to_id
       WHERE q.event_id = $1 AND (q.from_id = $2 OR q.to_id = $2) ORDER BY q.id`,
      [me.eventId, myId],
    ),
    programmeOf(db, me.eventId),
  ]);
  const unplaced = new Map(programme.unplaced.map((u) => [Number(u.requestId), u.reason]));
  return rows.map((r: Row) => toRequestView(r, myId, unplaced));
}

function toRequestView(r: Row, myId: number, unplaced: Map<number, string>): RequestView {
  const sent = Number(r.from_id) === myId;
  return {
    id: Number(r.id),
    fromId: Number(r.from_id),
    toId: Number(r.to_id),
    otherId: sent ? Number(r.to_id) : Number(r.from_id),
    otherName: String((sent ? r.to_name : r.from_name) ?? ''),
    direction: sent ? 'sent' : 'received',
    status: r.status as RequestView['status'],
    message: String(r.message),
    declineReason: String(r.decline_reason),
    online: Boolean(r.online),
    unplaced: unplaced.get(Number(r.id)) ?? null,
    mustMeet: Boolean(r.must_meet),
    createdAt: toIso(r.created_at),
  };
}
