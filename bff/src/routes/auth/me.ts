import { type SessionState, user } from '@evt/contracts/auth';
import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { endSession, requireAuth, saveSession } from '../../session/request-session';
import type { RouteContext } from '../context';

/**
 * The current user and selection. The user is refreshed from upstream user-info: a 401 or 403 there ends
 * the session (spec section 4); an unreachable upstream leaves the session's copy in place.
 */
export function me({ api, sessions, logger }: RouteContext): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    let current = auth.user;
    try {
      const info = await api.call('GET', '/auth/userinfo', {
        token: auth.accessToken,
        requestId: requestId(req),
      });
      if (info.status === 401 || info.status === 403) {
        await endSession(req, res, sessions);
        throw new HttpError(401, errorCode.sessionExpired);
      }
      const fresh = user.safeParse(info.data);
      if (info.status === 200 && fresh.success && JSON.stringify(fresh.data) !== JSON.stringify(current)) {
        current = fresh.data;
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
    res.json(body);
  };
}
