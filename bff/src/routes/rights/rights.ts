import type { featureRoutes } from '@evt/contracts/features';
import type { memberRoutes } from '@evt/contracts/members';
import type { rightsRoutes } from '@evt/contracts/rights';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RouteHandlers } from '../../http/route-adapter';
import type { CallInput } from '../../upstream/client';
import type { Caller } from '../role-scope';
import type { RouteContext } from '../context';

/*
 * Changes of who may do what: an event's rights, the organisation's rules every event follows, a member's
 * type and a member's removal. Through the BFF rather than the fast path, so that once the upstream has
 * stored one, every instance is told and drops the permissions, member types and memberships it had cached
 * (permissions.ts `rightsChanges`): a removed member's next call is refused on every instance, the webhook
 * gateway's included. A member type's grant and one member's grant differ only in the upstream route.
 */

type RightsRoute =
  | typeof upstreamRoutes.setMemberTypeRights
  | typeof upstreamRoutes.setMemberRights
  | typeof upstreamRoutes.setOrganizationMemberTypeRights
  | typeof upstreamRoutes.setOrganizationMemberRights;

/** The parsed input of a grant: the same for the event's and the organisation's, a type's and a member's. */
interface GrantInput {
  params: CallInput<RightsRoute>['params'];
  body: CallInput<RightsRoute>['body'];
  caller: Caller;
}

function storeRights(ctx: RouteContext, route: RightsRoute) {
  return async ({ params, body, caller }: GrantInput) => {
    await ctx.upstream.call<RightsRoute>(route, { user: caller, requestId: caller.requestId, params, body });
    await ctx.rights.announce();
    return { status: 204 as const };
  };
}

export function rightsHandlers(ctx: RouteContext): RouteHandlers<typeof rightsRoutes> {
  return {
    setMemberType: storeRights(ctx, upstreamRoutes.setMemberTypeRights),
    setMember: storeRights(ctx, upstreamRoutes.setMemberRights),
    setOrganizationMemberType: storeRights(ctx, upstreamRoutes.setOrganizationMemberTypeRights),
    setOrganizationMember: storeRights(ctx, upstreamRoutes.setOrganizationMemberRights),
  };
}

/** `/admin/features`: a feature switched on or off changes what the event's routes allow, like rights. */
export function featureHandlers(ctx: RouteContext): RouteHandlers<typeof featureRoutes> {
  return {
    update: async ({ params, body, caller }) => {
      const saved = await ctx.upstream.call(upstreamRoutes.setFeatures, {
        user: caller,
        requestId: caller.requestId,
        params,
        body,
      });
      await ctx.rights.announce();
      return { status: 200, body: saved };
    },
  };
}

/** A member's type and removal: the access the member had cached ends on every instance. */
export function memberHandlers(ctx: RouteContext): Omit<RouteHandlers<typeof memberRoutes>, 'names'> {
  return {
    changeType: async ({ params, body, caller }) => {
      const member = await ctx.upstream.call(upstreamRoutes.changeMemberType, {
        user: caller,
        requestId: caller.requestId,
        params,
        body,
      });
      await ctx.rights.announce();
      return { status: 200, body: member };
    },
    remove: async ({ params, caller }) => {
      await ctx.upstream.call(upstreamRoutes.removeMember, {
        user: caller,
        requestId: caller.requestId,
        params,
      });
      await ctx.rights.announce();
      return { status: 204 };
    },
  };
}
