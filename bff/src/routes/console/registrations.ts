import type { registrationRoutes } from '@evt/contracts/registrations';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RouteHandler } from '../../http/route-adapter';
import type { RouteContext } from '../context';

/**
 * An organiser's action on a registration that mails its person (resend, cancel, accept, decline): the
 * mail's links point at this BFF's public origin, never at a URL from the browser. The upstream checks
 * that the caller belongs to the event's organisation and picks the person's language.
 */
export function registrationAction(ctx: RouteContext): RouteHandler<typeof registrationRoutes.act> {
  return async ({ params, caller }) => {
    const row = await ctx.upstream.call(upstreamRoutes.registrationAction, {
      user: caller,
      requestId: caller.requestId,
      params,
      body: { origin: ctx.config.publicUrl },
    });
    return { status: 200, body: row };
  };
}
