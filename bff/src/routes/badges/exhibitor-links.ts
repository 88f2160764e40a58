import { type leadAdminRoutes, leadUpstreamRoutes } from '@evt/contracts/leads';
import type { RouteHandler } from '../../http/route-adapter';
import type { RouteContext } from '../context';

/**
 * `POST /api/events/{id}/leads/exhibitors/{registrationId}/link`: the upstream makes the stand a new key
 * and mails its lead-scanning link to the stand's registered address, on this site (the BFF's public URL).
 */
export function sendExhibitorLink(ctx: RouteContext): RouteHandler<typeof leadAdminRoutes.sendLink> {
  return async ({ params, caller }) => ({
    status: 202,
    body: await ctx.upstream.call(leadUpstreamRoutes.sendLink, {
      user: caller,
      requestId: caller.requestId,
      params,
      body: { linkBase: ctx.config.publicUrl },
    }),
  });
}
