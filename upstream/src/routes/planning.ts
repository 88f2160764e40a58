import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import {
  conflictsOf,
  type Panelist,
  type PlanningSession,
  type PublicProgramme,
  type sessionBody,
} from '@evt/contracts/planning';
import type { Router } from 'express';
import type { z } from 'zod';
import { requireEvent, requireOwned } from '../access';
import type { Ctx } from '../context';
import { type Queryable, toIso } from '../db/db';
import { PEOPLE } from '../model/registrations';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { eventBySlug } from './registrations-public';

const COLUMNS = `id, event_id, title, to_char(day, 'YYYY-MM-DD') AS day, starts_at, ends_at, room, speakers, updated_at`;
type SessionRow = {
  id: number;
  event_id: number;
  title: string;
  day: string;
  starts_at: string;
  ends_at: string;
  room: string;
  speakers: { registrationId: number | null; name: string }[];
  updated_at: Date;
};
const toSession = (r: SessionRow): PlanningSession => ({
  id: r.id,
  eventId: r.event_id,
  title: r.title,
  day: r.day,
  start: r.starts_at,
  end: r.ends_at,
  room: r.room,
  speakers: r.speakers,
  updatedAt: toIso(r.updated_at),
});

export async function sessionsOf(db: Queryable, eventId: number): Promise<PlanningSession[]> {
  const rows = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM planning_sessions WHERE event_id = $1 ORDER BY day, starts_at, room, id`,
    [eventId],
  );
  return rows.map(toSession);
}

/** The event's panelists (registered through the panelist form), named as their registration says. */
async function panelistsOf(db: Queryable, eventId: number): Promise<Panelist[]> {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, coalesce(nullif(trim(first_names || ' ' || last_name), ''), full_name, email) AS name
     FROM ${PEOPLE} r WHERE event_id = $1 AND kind = 'panelist' ORDER BY last_name, first_names, id`,
    [eventId],
  );
  return rows.map((r) => ({ registrationId: r.id, name: r.name }));
}

/**
 * A speaker's registration must be one of this event's panelists (its name is then the registration's,
 * not whatever the body said); a free name stays as typed.
 */
async function resolveSpeakers(db: Queryable, eventId: number, body: z.output<typeof sessionBody>) {
  const panelists = new Map((await panelistsOf(db, eventId)).map((p) => [p.registrationId, p.name]));
  return body.speakers.map((s) => {
    if (s.registrationId === null) return s;
    const name = panelists.get(s.registrationId);
    if (name === undefined)
      throw new HttpError(400, 'validation_failed', 'The request is not valid', {
        fieldErrors: { speakers: ['validation.invalidInput'] },
      });
    return { registrationId: s.registrationId, name };
  });
}

/** 409 when the session clashes with another and the organiser did not confirm it. */
async function checkConflicts(
  db: Queryable,
  eventId: number,
  candidate: Omit<PlanningSession, 'eventId' | 'updatedAt' | 'title'>,
  confirmed: boolean,
) {
  if (confirmed) return;
  const conflicts = conflictsOf(candidate, await sessionsOf(db, eventId));
  if (conflicts.length > 0)
    throw new HttpError(409, 'conflict', 'The session clashes with another; confirm to save it', {
      conflicts,
    });
}

/** Extension `GET|POST /events/{id}/planning/sessions`, `PUT|DELETE /events/{id}/planning/sessions/{sessionId}`. */
export function planningRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  /** the session, in the event the path names (another event's session is not found there) */
  const requireSession = async (eventId: number, sessionId: number, userId: number) => {
    const session = await requireOwned<{ id: number; event_id: number }>(
      db,
      {
        from: 'planning_sessions s JOIN events e ON e.id = s.event_id',
        orgExpr: 'e.organization_id',
        select: 's.id, s.event_id',
        idExpr: 's.id',
      },
      sessionId,
      userId,
      'Session',
    );
    if (session.event_id !== eventId) throw notFound('Session');
    return session;
  };

  mount(apiRoutes.planning.board, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    const [sessions, panelists] = await Promise.all([sessionsOf(db, id), panelistsOf(db, id)]);
    res.json({ eventId: id, sessions, panelists });
  });

  mount(apiRoutes.planning.create, async ({ params, body }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    const speakers = await resolveSpeakers(db, id, body);
    await checkConflicts(db, id, { ...body, id: 0, speakers }, body.confirmConflicts);
    const rows = await db.query<SessionRow>(
      `INSERT INTO planning_sessions (event_id, title, day, starts_at, ends_at, room, speakers)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [id, body.title, body.day, body.start, body.end, body.room, JSON.stringify(speakers)],
    );
    res.status(201).json(toSession(rows[0] as SessionRow));
  });

  mount(apiRoutes.planning.update, async ({ params, body }, _req, res) => {
    const { id: eventId, sessionId: id } = params;
    const session = await requireSession(eventId, id, authOf(res).id);
    const speakers = await resolveSpeakers(db, session.event_id, body);
    await checkConflicts(db, session.event_id, { ...body, id, speakers }, body.confirmConflicts);
    const rows = await db.query<SessionRow>(
      `UPDATE planning_sessions SET title = $2, day = $3, starts_at = $4, ends_at = $5, room = $6,
         speakers = $7, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, body.title, body.day, body.start, body.end, body.room, JSON.stringify(speakers)],
    );
    res.json(toSession(rows[0] as SessionRow));
  });

  mount(apiRoutes.planning.remove, async ({ params }, _req, res) => {
    const { id: eventId, sessionId: id } = params;
    await requireSession(eventId, id, authOf(res).id);
    await db.query('DELETE FROM planning_sessions WHERE id = $1', [id]);
    res.status(204).end();
  });

  // the public programme, for the BFF only (the shared service header), like the other public reads
  mount(upstreamRoutes.publicProgramme, async ({ params }, _req, res) => {
    const { slug } = params;
    const event = await eventBySlug(db, slug);
    const sessions = await sessionsOf(db, event.id);
    const body: PublicProgramme = {
      event: {
        id: event.id,
        slug: event.slug,
        title: event.name,
        // its name in the other languages: the page shows its own
        titles: Object.fromEntries(
          Object.entries(event.translations).flatMap(([locale, t]) => (t?.name ? [[locale, t.name]] : [])),
        ),
        venue: event.venue,
        city: event.city,
        languages: event.languages,
        timeZone: event.timeZone,
      },
      sessions: sessions.map((s) => ({
        id: s.id,
        title: s.title,
        day: s.day,
        start: s.start,
        end: s.end,
        room: s.room,
        speakers: s.speakers.map((sp) => sp.name),
        updatedAt: s.updatedAt,
      })),
    };
    res.json(body);
  });

  return router;
}
