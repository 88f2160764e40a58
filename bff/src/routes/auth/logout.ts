import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RequestHandler } from 'express';
import { requestId } from '../../http/request-id';
import { endSession } from '../../session/request-session';
import type { RouteContext } from '../context';

/** Upstream logout (best effort), then the session is destroyed everywhere: a replayed cookie is refused. */
export function logout({ upstream, sessions }: RouteContext): RequestHandler {
  return async (req, res) => {
    const token = req.session?.auth?.accessToken;
    if (token) {
      // the session ends below whatever the upstream answers
      const user = { token, endSession: async () => {} };
      await upstream
        .call(upstreamRoutes.logout, { user, requestId: requestId(req), timeoutMs: 3000 })
        .catch(() => undefined);
    }
    await endSession(req, res, sessions);
    res.status(204).end();
  };
}
