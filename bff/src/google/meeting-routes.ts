import type { meetingRoutes } from '@evt/contracts/meetings';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request, Response } from 'express';
import { HttpError } from '../http/http-error';
import type { RouteHandlers } from '../http/route-adapter';
import type { RouteContext } from '../routes/context';
import { assertMember } from '../routes/membership';
import type { Caller } from '../routes/role-scope';
import { errorCode } from '@evt/contracts/errors';
import type { GoogleAccounts } from './google-accounts';
import {
  checkMeetingCreate,
  checkMeetingInput,
  createOnlineMeeting,
  deleteMeeting,
  type MeetingDeps,
  refreshConference,
  updateGoogleMeeting,
  updateZoomMeeting,
} from './meetings-service';

type Handlers = RouteHandlers<typeof meetingRoutes>;

/**
 * The handlers of `meetingRoutes` (contracts/src/meetings.ts). Every one checks the organiser's right to
 * the event first (the upstream's membership check), before Google or the zoom-meeting webhook is called.
 */
export function meetingHandlers(
  ctx: RouteContext,
  google: GoogleAccounts | null,
): Omit<Handlers, 'googleConnection' | 'googleDisconnect'> {
  const deps: MeetingDeps = {
    upstream: ctx.upstream,
    google,
    logger: ctx.logger.child({ component: 'meetings' }),
    observe: (target, outcome, seconds) => ctx.metrics?.outsideCall(target, outcome, seconds),
  };
  const callerOf = (req: Request, caller: Caller) => ({
    ...caller,
    userId: (req.session.auth as NonNullable<typeof req.session.auth>).user.id,
  });
  const load = async (
    { id, meetingId }: { id: number; meetingId: number },
    input: { req: Request; res: Response; caller: Caller },
  ) => {
    await assertMember(ctx, input.req, input.res, 'event', id);
    const caller = callerOf(input.req, input.caller);
    const meeting = await ctx.upstream.call(upstreamRoutes.meeting, {
      user: caller,
      requestId: caller.requestId,
      params: { id, meetingId },
    });
    return { caller, meeting };
  };

  return {
    list: async ({ params: { id }, query: { platform }, req, res, caller }) => {
      await assertMember(ctx, req, res, 'event', id);
      const body = await ctx.upstream.call(upstreamRoutes.meetings, {
        user: caller,
        requestId: caller.requestId,
        params: { id },
        query: { platform },
      });
      return { status: 200, body };
    },
    get: async (input) => {
      const { caller, meeting } = await load(input.params, input);
      return { status: 200, body: await refreshConference(deps, caller, meeting) };
    },
    // the contract's schema has parsed the body; the platform's own rules (a date to come, Zoom's topic
    // length) are checked on it here
    createGoogle: async ({ params: { id }, body, req, res, caller }) => {
      await assertMember(ctx, req, res, 'event', id);
      const input = checkMeetingCreate(body, 'google_meet');
      const created = await createOnlineMeeting(deps, callerOf(req, caller), id, 'google_meet', input);
      return { status: 201, body: created };
    },
    updateGoogle: async (input) => {
      const { caller, meeting } = await load(input.params, input);
      if (meeting.platform !== 'google_meet') throw new HttpError(404, errorCode.notFound);
      const checked = checkMeetingInput(input.body, 'google_meet');
      return { status: 200, body: await updateGoogleMeeting(deps, caller, meeting, checked) };
    },
    remove: async (input) => {
      const { caller, meeting } = await load(input.params, input);
      await deleteMeeting(deps, caller, meeting);
      return { status: 204 };
    },
    createZoom: async ({ params: { id }, body, req, res, caller }) => {
      await assertMember(ctx, req, res, 'event', id);
      const input = checkMeetingCreate(body, 'zoom');
      return { status: 201, body: await createOnlineMeeting(deps, callerOf(req, caller), id, 'zoom', input) };
    },
    updateZoom: async (input) => {
      const { caller, meeting } = await load(input.params, input);
      if (meeting.platform !== 'zoom') throw new HttpError(404, errorCode.notFound);
      const checked = checkMeetingInput(input.body, 'zoom');
      return { status: 200, body: await updateZoomMeeting(deps, caller, meeting, checked) };
    },
  };
}
