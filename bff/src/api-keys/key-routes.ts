import { type apiKeyRoutes, apiKeyUpstreamRoutes } from '@evt/contracts/api-keys';
import type { RouteHandlers } from '../http/route-adapter';
import type { RouteContext } from '../routes/context';

/**
 * The API keys' BFF route: the revocation, made upstream with the owner's session, then announced as a
 * change of access, so every instance drops what it had cached of every key (key-access.ts) at once.
 */
export function apiKeyHandlers(ctx: RouteContext): RouteHandlers<typeof apiKeyRoutes> {
  return {
    revoke: async ({ params, caller }) => {
      await ctx.upstream.call(apiKeyUpstreamRoutes.revoke, {
        user: caller,
        requestId: caller.requestId,
        params,
      });
      await ctx.rights.announce();
      return { status: 204 };
    },
  };
}
