import type { RequestHandler } from 'express';
import { requestId } from '../../http/request-id';
import { endSession } from '../../session/request-session';
import type { RouteContext } from '../context';

/** Upstream logout (best effort), then the session is destroyed everywhere: a replayed cookie is refused. */
export function logout({ api, sessions }: RouteContext): RequestHandler {
  return async (req, res) => {
    const token = req.session?.auth?.accessToken;
    if (token) {
      await api
        .call('GET', '/user/logout', { token, requestId: requestId(req), timeoutMs: 3000 })
        .catch(() => undefined);
    }
    await endSession(req, res, sessions);
    res.status(204).end();
  };
}
