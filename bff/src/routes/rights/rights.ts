import { rightsGrantBody } from '@evt/contracts/rights';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RequestHandler } from 'express';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { expressCaller } from '../roles';

/*
 * Changes of who may do what: an event's rights (issue 15), a member's type and a member's removal. Through
 * the BFF rather than the fast path, so that once the upstream has stored one, every instance is told and
 * drops the permissions, member types and memberships it had cached (permissions.ts `rightsChanges`): a
 * removed member's next call is refused on every instance, the webhook gateway's included.
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

export const setMemberTypeRights = (ctx: RouteContext) =>
  storeRights(ctx, upstreamRoutes.setMemberTypeRights);
export const setMemberRights = (ctx: RouteContext) => storeRights(ctx, upstreamRoutes.setMemberRights);

export function changeMemberType(ctx: RouteContext): RequestHandler {
  const route = upstreamRoutes.changeMemberType;
  return async (req, res) => {
    const params = validate(route.params, req.params);
    const body = validate(route.body, req.body);
    const caller = expressCaller(ctx, req, res);
    const member = await ctx.upstream.call(route, {
      user: caller,
      requestId: caller.requestId,
      params,
      body,
    });
    await ctx.rights.announce();
    res.status(200).json(member);
  };
}

export function removeMember(ctx: RouteContext): RequestHandler {
  const route = upstreamRoutes.removeMember;
  return async (req, res) => {
    const params = validate(route.params, req.params);
    const caller = expressCaller(ctx, req, res);
    await ctx.upstream.call(route, { user: caller, requestId: caller.requestId, params });
    await ctx.rights.announce();
    res.status(204).end();
  };
}
