import { meetingParams, type meetingRoutes, meetingsParams, meetingsQuery } from '@evt/contracts/meetings';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http/http-error';
import { validate } from '../http/validate';
import type { RouteContext } from '../routes/context';
import { assertMember } from '../routes/membership';
import { expressCaller } from '../routes/roles';
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
} from './meetings-service';

type Handlers = Record<keyof typeof meetingRoutes, RequestHandler>;

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
  const callerOf = (req: Request, res: Response) => ({
    ...expressCaller(ctx, req, res),
    userId: (req.session.auth as NonNullable<typeof req.session.auth>).user.id,
  });
  const load = async (req: Request, res: Response) => {
    const { id, meetingId } = validate(meetingParams, req.params);
    await assertMember(ctx, req, res, 'event', id);
    const caller = callerOf(req, res);
    const meeting = await ctx.upstream.call(upstreamRoutes.meeting, {
      user: caller,
      requestId: caller.requestId,
      params: { id, meetingId },
    });
    return { caller, meeting };
  };

  return {
    list: async (req, res) => {
      const { id } = validate(meetingsParams, req.params);
      const { platform } = validate(meetingsQuery, req.query);
      await assertMember(ctx, req, res, 'event', id);
      const caller = callerOf(req, res);
      res.json(
        await ctx.upstream.call(upstreamRoutes.meetings, {
          user: caller,
          requestId: caller.requestId,
          params: { id },
          query: { platform },
        }),
      );
    },
    get: async (req, res) => {
      const { caller, meeting } = await load(req, res);
      res.json(await refreshConference(deps, caller, meeting));
    },
    createGoogle: async (req, res) => {
      const { id } = validate(meetingsParams, req.params);
      await assertMember(ctx, req, res, 'event', id);
      const input = checkMeetingCreate(req.body, 'google_meet');
      res.status(201).json(await createOnlineMeeting(deps, callerOf(req, res), id, 'google_meet', input));
    },
    updateGoogle: async (req, res) => {
      const { caller, meeting } = await load(req, res);
      if (meeting.platform !== 'google_meet') throw new HttpError(404, errorCode.notFound);
      const input = checkMeetingInput(req.body, 'google_meet');
      res.json(await updateGoogleMeeting(deps, caller, meeting, input));
    },
    remove: async (req, res) => {
      const { caller, meeting } = await load(req, res);
      await deleteMeeting(deps, caller, meeting);
      res.status(204).end();
    },
    createZoom: async (req, res) => {
      const { id } = validate(meetingsParams, req.params);
      await assertMember(ctx, req, res, 'event', id);
      const input = checkMeetingCreate(req.body, 'zoom');
      res.status(201).json(await createOnlineMeeting(deps, callerOf(req, res), id, 'zoom', input));
    },
  };
}
