import { memberRightsParams, memberTypeRightsParams, rightsGrantBody } from '@evt/contracts/rights';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RequestHandler } from 'express';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { expressCaller } from '../roles';

/*
 * Changes of an event's rights (issue 15): through the BFF rather than the fast path, so that once the
 * upstream has stored one, every instance is told and drops the permissions it had cached.
 */

export function setMemberTypeRights(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const params = validate(memberTypeRightsParams, req.params);
    const body = validate(rightsGrantBody, req.body);
    const caller = expressCaller(ctx, req, res);
    await ctx.upstream.call(upstreamRoutes.setMemberTypeRights, {
      user: caller,
      requestId: caller.requestId,
      params,
      body,
    });
    await ctx.rights.announce();
    res.status(204).end();
  };
}

export function setMemberRights(ctx: RouteContext): RequestHandler {
  return async (req, res) => {
    const params = validate(memberRightsParams, req.params);
    const body = validate(rightsGrantBody, req.body);
    const caller = expressCaller(ctx, req, res);
    await ctx.upstream.call(upstreamRoutes.setMemberRights, {
      user: caller,
      requestId: caller.requestId,
      params,
      body,
    });
    await ctx.rights.announce();
    res.status(204).end();
  };
}
