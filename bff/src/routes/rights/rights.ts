import { eventFeaturesBody } from '@evt/contracts/features';
import { rightsGrantBody } from '@evt/contracts/rights';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RequestHandler } from 'express';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { expressCaller } from '../roles';

/*
 * Changes of an event's rights (issue 15): through the BFF rather than the fast path, so that once the
 * upstream has stored one, every instance is told and drops the permissions it had cached. A member type's
 * grant and one member's grant differ only in the upstream route (and so in its path parameters).
 */

type RightsRoute = typeof upstreamRoutes.setMemberTypeRights | typeof upstreamRoutes.setMemberRights;

function storeRights<R extends RightsRoute>(ctx: RouteContext, route: R): RequestHandler {
  return async (req, res) => {
    const params = validate(route.params, req.params);
    const body = validate(rightsGrantBody, req.body);
    const caller = expressCaller(ctx, req, res);
    await ctx.upstream.call<RightsRoute>(route, { user: caller, requestId: caller.requestId, params, body });
    await ctx.rights.announce();
    res.status(204).end();
  };
}

/** `/admin/features`: a feature switched on or off changes what the event's routes allow, like rights. */
export function setFeatures(ctx: RouteContext): RequestHandler {
  const route = upstreamRoutes.setFeatures;
  return async (req, res) => {
    const params = validate(route.params, req.params);
    const body = validate(eventFeaturesBody, req.body);
    const caller = expressCaller(ctx, req, res);
    const saved = await ctx.upstream.call(route, { user: caller, requestId: caller.requestId, params, body });
    await ctx.rights.announce();
    res.json(saved);
  };
}

export const setMemberTypeRights = (ctx: RouteContext) =>
  storeRights(ctx, upstreamRoutes.setMemberTypeRights);
export const setMemberRights = (ctx: RouteContext) => storeRights(ctx, upstreamRoutes.setMemberRights);
