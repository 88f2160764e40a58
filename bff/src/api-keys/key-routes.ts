import { type apiKeyRoutes, apiKeyUpstreamRoutes } from '@evt/contracts/api-keys';
import { openApiDocument } from '@evt/contracts/openapi';
import type { RouteHandlers } from '../http/route-adapter';
import type { RouteContext } from '../routes/context';

/**
 * The API keys' BFF routes: the published API (the routes a key may call), and the revocation, made upstream with the owner's session, then announced as a
 * change of access, so every instance drops what it had cached of every key (key-access.ts) at once.
 */
export function apiKeyHandlers(ctx: RouteContext): RouteHandlers<typeof apiKeyRoutes> {
  // built once, from the contracts, at start
  const published = openApiDocument();
  return {
    openApi: async () => ({ status: 200, body: published }),
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
