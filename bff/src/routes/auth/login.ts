import { loginBody, type SessionState, user } from '@evt/contracts/auth';
import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import { storeUnavailable } from '../../session/cached-store';
import { startSession } from '../../session/request-session';
import { upstreamErrorCode } from '../../upstream/upstream-api';
import type { RouteContext } from '../context';

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

/**
 * Spec section 4: login clears the selection, calls the upstream login then user-info; when user-info
 * fails the token is dropped (logged out upstream) and the login fails. The session id changes.
 */
export function login({ api, logger, sessions }: RouteContext): RequestHandler {
  return async (req, res) => {
    const credentials = validate(loginBody, req.body);
    const id = requestId(req);
    // before the password is checked, so that a right and a wrong one answer alike while sessions cannot
    // be stored (sessions.ts `writable`)
    await sessions.writable().catch((error: unknown) => {
      throw storeUnavailable(error);
    });
    const answer = await api.call('POST', '/auth/login', { body: credentials, requestId: id });
    if (answer.status === 400 || answer.status === 401)
      throw new HttpError(401, errorCode.invalidCredentials);
    if (answer.status === 403) {
      const notVerified = upstreamErrorCode(answer.data) === 'email_not_verified';
      throw new HttpError(403, notVerified ? errorCode.emailNotVerified : errorCode.forbidden);
    }
    if (answer.status === 429) throw new HttpError(429, errorCode.rateLimited, { retryAfterSeconds: 60 });
    const token = tokenAnswer.safeParse(answer.data);
    if (answer.status !== 200 || !token.success) {
      logger.error({ status: answer.status, requestId: id }, 'unexpected upstream login answer');
      throw new HttpError(502, errorCode.generic);
    }
    const accessToken = token.data.access_token;
    const dropToken = () =>
      api.call('GET', '/user/logout', { token: accessToken, requestId: id, timeoutMs: 3000 }).catch(() => {});

    let info: Awaited<ReturnType<typeof api.call>>;
    try {
      info = await api.call('GET', '/auth/userinfo', { token: accessToken, requestId: id });
    } catch (error) {
      await dropToken();
      throw error;
    }
    const profile = user.safeParse(info.data);
    if (info.status !== 200 || !profile.success) {
      await dropToken();
      logger.error({ status: info.status, requestId: id }, 'user-info failed after login');
      throw new HttpError(502, errorCode.generic);
    }

    const previous = req.session.auth?.accessToken;
    if (previous) {
      api.call('GET', '/user/logout', { token: previous, requestId: id, timeoutMs: 3000 }).catch(() => {});
    }
    await startSession(req, {
      accessToken,
      accessTokenExpiresAt: Date.now() + token.data.expires_in * 1000,
      user: profile.data,
    });
    const body: SessionState = { user: profile.data, selection: req.session.selection! };
    res.status(200).json(body);
  };
}
