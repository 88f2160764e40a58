import { mountOn } from '../http/mount';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { upstreamMeetingBody } from '@evt/contracts/meetings';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { type Row, toIso } from '../db/db';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';

const COLUMNS = `id, event_id, platform, title, url, join_url, date, time, duration, host, description,
  start_time, end_time, participants, google_event_id, google_calendar_link, conference_status,
  zoom_meeting_id, google_owner_id, google_account_id, google_account_email, request_key, created_at`;

function toMeeting(row: Row) {
  return {
    id: row.id as number,
    eventId: row.event_id as number,
    platform: row.platform as 'google_meet' | 'zoom',
    title: row.title as string,
    url: (row.url as string | null) ?? null,
    joinUrl: (row.join_url as string | null) ?? null,
    date: row.date as string,
    time: row.time as string,
    duration: row.duration as number,
    host: row.host as string,
    description: row.description as string,
    startTime: toIso(row.start_time),
    endTime: toIso(row.end_time),
    participants: (typeof row.participants === 'string'
      ? JSON.parse(row.participants)
      : row.participants) as string[],
    googleEventId: (row.google_event_id as string | null) ?? null,
    googleCalendarLink: (row.google_calendar_link as string | null) ?? null,
    conferenceStatus: (row.conference_status as 'pending' | 'success' | 'failure' | null) ?? null,
    zoomMeetingId: (row.zoom_meeting_id as number | null) ?? null,
    googleOwnerId: (row.google_owner_id as number | null) ?? null,
    googleAccountId: (row.google_account_id as string | null) ?? null,
    googleAccountEmail: (row.google_account_email as string | null) ?? null,
    requestKey: (row.request_key as string | null) ?? null,
    createdAt: toIso(row.created_at),
  };
}

/**
 * Extension `GET|POST /events/{id}/meetings`, `GET|PUT|DELETE /events/{id}/meetings/{meetingId}`:
 * the meeting records of an event, for members of its organisation. The BFF writes them after Google or
 * the zoom-meeting webhook answered.
 */
export function meetingRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(upstreamRoutes.meetings, async ({ params, query }, _req, res) => {
    const { id } = params;
    const { platform } = query;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      `SELECT ${COLUMNS} FROM meetings WHERE event_id = $1 AND platform = $2 ORDER BY start_time, id`,
      [id, platform],
    );
    res.json({ data: rows.map(toMeeting) });
  });

  mount(upstreamRoutes.meeting, async ({ params }, _req, res) => {
    const { id, meetingId } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(`SELECT ${COLUMNS} FROM meetings WHERE id = $1 AND event_id = $2`, [
      meetingId,
      id,
    ]);
    if (!rows[0]) throw notFound('Meeting');
    res.json(toMeeting(rows[0]));
  });

  const values = (m: ReturnType<typeof upstreamMeetingBody.parse>) => [
    m.platform,
    m.title,
    m.url,
    m.joinUrl,
    m.date,
    m.time,
    m.duration,
    m.host,
    m.description,
    m.startTime,
    m.endTime,
    JSON.stringify(m.participants),
    m.googleEventId,
    m.googleCalendarLink,
    m.conferenceStatus,
    m.zoomMeetingId,
    m.googleOwnerId,
    m.googleAccountId,
    m.googleAccountEmail,
  ];

  mount(upstreamRoutes.createMeeting, async ({ params, body }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    await requireEvent(db, id, userId);
    const rows = await db.query(
      `INSERT INTO meetings (platform, title, url, join_url, date, time, duration, host, description,
         start_time, end_time, participants, google_event_id, google_calendar_link, conference_status,
         zoom_meeting_id, google_owner_id, google_account_id, google_account_email, event_id, created_by,
         request_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
         $21, $22)
       ON CONFLICT (event_id, request_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [...values(body), id, userId, body.requestKey],
    );
    if (rows[0]) {
      res.status(201).json(toMeeting(rows[0]));
      return;
    }
    // the same key again: the meeting the first call made
    const made = await db.query(`SELECT ${COLUMNS} FROM meetings WHERE event_id = $1 AND request_key = $2`, [
      id,
      body.requestKey,
    ]);
    if (!made[0]) throw notFound('Meeting');
    res.status(200).json(toMeeting(made[0]));
  });

  mount(upstreamRoutes.updateMeeting, async ({ params, body }, _req, res) => {
    const { id, meetingId } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      `UPDATE meetings SET platform = $1, title = $2, url = $3, join_url = $4, date = $5, time = $6,
         duration = $7, host = $8, description = $9, start_time = $10, end_time = $11, participants = $12,
         google_event_id = $13, google_calendar_link = $14, conference_status = $15, zoom_meeting_id = $16,
         google_owner_id = $17, google_account_id = $18, google_account_email = $19, updated_at = now()
       WHERE id = $20 AND event_id = $21 RETURNING ${COLUMNS}`,
      [...values(body), meetingId, id],
    );
    if (!rows[0]) throw notFound('Meeting');
    res.json(toMeeting(rows[0]));
  });

  mount(upstreamRoutes.deleteMeeting, async ({ params }, _req, res) => {
    const { id, meetingId } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query('DELETE FROM meetings WHERE id = $1 AND event_id = $2 RETURNING id', [
      meetingId,
      id,
    ]);
    if (!rows[0]) throw notFound('Meeting');
    res.status(204).end();
  });

  return router;
}
