import type { PublicProgramme, planningRoutes } from '@evt/contracts/planning';
import { zonedInstant } from '@evt/contracts/event-time-zone';
import { icalendar } from '@evt/contracts/icalendar';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { requestId } from '../../http/request-id';
import type { RouteHandlers } from '../../http/route-adapter';
import type { RouteContext } from '../context';

/**
 * The programme as iCalendar: one VEVENT per session whose UID is the session's id (a calendar that
 * imports it again replaces each session instead of adding it twice) and whose SEQUENCE grows with
 * every change. A session's day and times are on the event's clock: written as the instants they are
 * there, with the event's zone named (docs/decisions/console.md).
 */
export function programmeIcs(programme: PublicProgramme, host: string): string {
  const location = (room: string) =>
    [room, programme.event.venue, programme.event.city].filter(Boolean).join(', ');
  return icalendar(
    { name: programme.event.title, company: host, product: 'programme', timeZone: programme.event.timeZone },
    programme.sessions.map((s) => {
      const updated = new Date(s.updatedAt);
      return {
        uid: `session-${s.id}@${host}`,
        sequence: Math.floor(updated.getTime() / 1000),
        stamp: updated,
        start: zonedInstant(s.day, s.start, programme.event.timeZone),
        end: zonedInstant(s.day, s.end, programme.event.timeZone),
        summary: s.title,
        location: location(s.room),
        description: s.speakers.join(', '),
      };
    }),
  );
}

/** `GET /api/public/events/{slug}/programme` and `…/programme.ics` (contracts/src/planning.ts). */
export function programmeHandlers(ctx: RouteContext): RouteHandlers<typeof planningRoutes> {
  const host = new URL(ctx.config.publicUrl).host;
  const load = (slug: string, rid: string) =>
    ctx.upstream.call(upstreamRoutes.publicProgramme, { params: { slug }, requestId: rid });
  return {
    publicProgramme: async ({ params: { slug }, req }) => ({
      status: 200,
      body: await load(slug, requestId(req)),
    }),
    publicProgrammeIcs: async ({ params: { slug }, req }) => {
      const programme = await load(slug, requestId(req));
      return {
        status: 200,
        file: {
          contentType: 'text/calendar; charset=utf-8',
          disposition: `attachment; filename="programme-${programme.event.id}.ics"`,
          data: programmeIcs(programme, host),
        },
      };
    },
  };
}
