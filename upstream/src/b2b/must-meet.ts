import { MUST_MEET_MAX, type RequestView } from '@evt/contracts/b2b';
import { b2bUpstreamRoutes } from '@evt/contracts/upstream-b2b';
import type { Db } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import type { Mount } from '../http/mount';
import type { SpaceCaller, SpaceCredential } from './access';
import { programmeOf } from './companies';

/**
 * Must-meet requests: a company marks (or unmarks) one of the requests it sent and has not withdrawn, until
 * the programme is frozen, and at most MUST_MEET_MAX at once. The company's row is locked while it
 * counts, so two marks sent together cannot both pass the limit.
 */
export function mustMeetRoutes(
  mount: Mount,
  db: Db,
  caller: (credential: SpaceCredential) => Promise<SpaceCaller>,
  requestsOf: (db: Db, me: SpaceCaller) => Promise<RequestView[]>,
) {
  mount(b2bUpstreamRoutes.b2bMustMeet, async ({ body }, _req, res) => {
    const me = await caller(body);
    const myId = me.company.profile.id;
    await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM registrations WHERE id = $1 FOR UPDATE', [myId]);
      const programme = await programmeOf(tx, me.eventId);
      if (programme.frozen) throw new HttpError(409, 'b2b_frozen', 'The programme is frozen');
      const rows = await tx.query<{ status: string }>(
        'SELECT status FROM b2b_requests WHERE id = $1 AND event_id = $2 AND from_id = $3',
        [body.requestId, me.eventId, myId],
      );
      const status = rows[0]?.status;
      if (status !== 'pending' && status !== 'accepted') throw notFound('Request');
      if (body.mustMeet) {
        const marked = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM b2b_requests
           WHERE from_id = $1 AND must_meet AND id <> $2 AND status IN ('pending', 'accepted')`,
          [myId, body.requestId],
        );
        if ((marked[0]?.n ?? 0) >= MUST_MEET_MAX)
          throw new HttpError(
            409,
            'b2b_must_meet_limit',
            `At most ${MUST_MEET_MAX} requests can be marked must-meet`,
          );
      }
      await tx.query('UPDATE b2b_requests SET must_meet = $2, updated_at = now() WHERE id = $1', [
        body.requestId,
        body.mustMeet,
      ]);
    });
    res.json((await requestsOf(db, me)).find((r) => r.id === body.requestId));
  });
}
