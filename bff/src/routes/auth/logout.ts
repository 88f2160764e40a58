import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { authRoutes } from '@evt/contracts/auth';
import type { RouteHandler } from '../../http/route-adapter';
import { requestId } from '../../http/request-id';
import { endSession } from '../../session/request-session';
import type { RouteContext } from '../context';

/** Upstream logout (best effort), then the session is destroyed everywhere: a replayed cookie is refused. */
export function logout({ upstream, sessions }: RouteContext): RouteHandler<typeof authRoutes.logout> {
  return async ({ req, res }) => {
    const token = req.session?.auth?.accessToken;
    if (token) {
      // the session ends below whatever the upstream answers
      const user = { token, endSession: async () => {} };
      await upstream
        .call(upstreamRoutes.logout, { user, requestId: requestId(req), timeoutMs: 3000 })
        .catch(() => undefined);
    }
    await endSession(req, res, sessions);
    return { status: 204 };
  };
}
