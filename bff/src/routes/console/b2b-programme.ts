import type { b2bProgrammeRoutes, ProgrammeView } from '@evt/contracts/b2b';
import { onlineLinkPlan } from '@evt/contracts/b2b-online';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Request } from 'express';
import type { LinkJob } from '../../google/b2b-links';
import type { RouteHandlers } from '../../http/route-adapter';
import type { RouteContext } from '../context';
import type { Caller } from '../role-scope';

/** How long a publication waits for the online links before it mails the agendas (the links then follow). */
export const LINKS_WAIT_MS = 20_000;
const POLL_MS = 300;
const PUBLISH_TIMEOUT_MS = 30_000;

/**
 * The organiser's programme writes after which online meetings' links change (b2b-online.ts), answered by
 * the BFF rather than proxied: each one is passed to the upstream with the organiser's token, then the
 * link job is queued on their behalf. A publication queues it first and waits for it (up to
 * LINKS_WAIT_MS), so the agendas it mails carry the links. The permission (b2b:manage) is checked before.
 */
export function b2bProgrammeHandlers(
  ctx: RouteContext,
  enqueue: (job: LinkJob) => Promise<void>,
): RouteHandlers<typeof b2bProgrammeRoutes> {
  const who = (req: Request, caller: Caller) => {
    const organiserId = (req.session.auth as NonNullable<typeof req.session.auth>).user.id;
    return { caller, organiserId, call: { user: caller, requestId: caller.requestId } };
  };
  const workOf = (job: LinkJob, requestId: string) =>
    ctx.upstream.call(upstreamRoutes.b2bLinkWork, {
      requestId,
      body: { eventId: job.eventId, organiserId: job.organiserId },
    });
  /** after a change: the job when a published programme has links to make, move or delete */
  const after = async (view: ProgrammeView, job: LinkJob) => {
    if (view.publishedAt !== null && view.onlineLinks.missing > 0) await enqueue(job);
    return view;
  };

  return {
    /** a platform changed on a published programme: its links are replaced */
    saveSettings: async ({ params: { id }, body, req, caller: user }) => {
      const { organiserId, call } = who(req, user);
      const view = await ctx.upstream.call(upstreamRoutes.b2bSaveSettings, { ...call, params: { id }, body });
      return { status: 200, body: await after(view, { eventId: id, organiserId }) };
    },
    publish: async ({ params: { id }, req, caller: user }) => {
      const { organiserId, call, caller } = who(req, user);
      const job = { eventId: id, organiserId, publishing: true };
      const work = await workOf(job, caller.requestId);
      if (onlineLinkPlan({ ...work, published: true }).length) {
        await enqueue(job);
        // the run's end is stamped upstream (checkedAt changes): wait for it, bounded
        for (let waited = 0; waited < LINKS_WAIT_MS; waited += POLL_MS) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          // a slow answer while the run writes is no reason to fail the publication
          const now = await workOf(job, caller.requestId).catch(() => null);
          if (now && now.checkedAt !== work.checkedAt) break;
        }
      }
      // a publication writes every meeting and reads every company: more time than a read
      const timeoutMs = Math.max(ctx.config.upstreamTimeoutMs, PUBLISH_TIMEOUT_MS);
      const view = await ctx.upstream.call(upstreamRoutes.b2bPublish, { ...call, params: { id }, timeoutMs });
      return { status: 200, body: view };
    },
    move: async ({ params, body, req, caller }) => {
      const { organiserId, call } = who(req, caller);
      const view = await ctx.upstream.call(upstreamRoutes.b2bMove, { ...call, params, body });
      return { status: 200, body: await after(view, { eventId: params.id, organiserId }) };
    },
    meetingStatus: async ({ params, body, req, caller }) => {
      const { organiserId, call } = who(req, caller);
      const view = await ctx.upstream.call(upstreamRoutes.b2bMeetingStatus, { ...call, params, body });
      return { status: 200, body: await after(view, { eventId: params.id, organiserId }) };
    },
    offer: async ({ params: { id }, body, req, caller }) => {
      const { organiserId, call } = who(req, caller);
      const view = await ctx.upstream.call(upstreamRoutes.b2bOffer, { ...call, params: { id }, body });
      return { status: 200, body: await after(view, { eventId: id, organiserId }) };
    },
    /** "create the missing links": the last failure is cleared (the page shows progress), a run queued */
    createLinks: async ({ params: { id }, req, caller: user }) => {
      const { organiserId, caller } = who(req, user);
      const job = { eventId: id, organiserId };
      await ctx.upstream.call(upstreamRoutes.b2bLinkState, {
        requestId: caller.requestId,
        body: { ...job, error: null },
      });
      await enqueue(job);
      return { status: 202, body: { status: 'queued' } };
    },
  };
}
