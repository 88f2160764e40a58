import type { authRoutes, SessionState } from '@evt/contracts/auth';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import type { RouteHandler } from '../../http/route-adapter';
import { endSession, requireAuth, saveSession } from '../../session/request-session';
import type { RouteContext } from '../context';

/**
 * The current user and selection. The user is refreshed from upstream user-info: a 401 or 403 there ends
 * the session (spec section 4; the route declares both, the client ends it); an unreachable upstream or a
 * malformed answer leaves the session's copy in place.
 */
export function me({ upstream, sessions, logger }: RouteContext): RouteHandler<typeof authRoutes.me> {
  return async ({ req, res }) => {
    const auth = requireAuth(req);
    let current = auth.user;
    try {
      const fresh = await upstream.call(upstreamRoutes.userinfo, {
        user: { token: auth.accessToken, endSession: () => endSession(req, res, sessions) },
        requestId: requestId(req),
      });
      if (JSON.stringify(fresh) !== JSON.stringify(current)) {
        current = fresh;
        req.session.auth = { ...auth, user: current };
        await saveSession(req);
      }
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) throw error;
      logger.warn(
        { err: error, requestId: requestId(req) },
        'user-info refresh failed; serving the session copy',
      );
    }
    const body: SessionState = { user: current, selection: req.session.selection! };
    return { status: 200, body };
  };
}
