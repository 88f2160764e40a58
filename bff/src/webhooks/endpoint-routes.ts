import { lookup } from 'node:dns/promises';
import { errorCode } from '@evt/contracts/errors';
import { msg } from '@evt/contracts/validation';
import { type webhookRoutes, webhookUpstreamRoutes } from '@evt/contracts/webhooks';
import { HttpError } from '../http/http-error';
import type { RouteHandlers } from '../http/route-adapter';
import type { RouteContext } from '../routes/context';
import { checkWebhookTarget, type Resolve } from './target-check';

/** every address a host name resolves to (the check refuses a host if any of them is private) */
export const resolveAll: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * The endpoints' BFF routes: the address is checked as a delivery would check it (HTTPS and public
 * addresses in production) before the upstream keeps it, so an owner hears at once what a delivery would
 * only log. The check is made again before each delivery (a host's addresses change).
 */
export function webhookEndpointHandlers(
  ctx: RouteContext,
  resolve: Resolve = resolveAll,
): Pick<RouteHandlers<typeof webhookRoutes>, 'create' | 'update'> {
  const checkUrl = async (url: string | undefined) => {
    if (url === undefined) return;
    const target = await checkWebhookTarget(url, { production: ctx.config.production, resolve });
    if (!target.ok)
      throw new HttpError(400, errorCode.validation, { fieldErrors: { url: [msg.webhookTarget] } });
  };
  return {
    create: async ({ params, body, caller }) => {
      await checkUrl(body.url);
      const forwarded = { user: caller, requestId: caller.requestId, params, body };
      return { status: 201, body: await ctx.upstream.call(webhookUpstreamRoutes.create, forwarded) };
    },
    update: async ({ params, body, caller }) => {
      await checkUrl(body.url);
      const forwarded = { user: caller, requestId: caller.requestId, params, body };
      return { status: 200, body: await ctx.upstream.call(webhookUpstreamRoutes.update, forwarded) };
    },
  };
}
