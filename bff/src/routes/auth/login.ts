import type { authRoutes, SessionState, User } from '@evt/contracts/auth';
import { errorCode } from '@evt/contracts/errors';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import type { RouteHandler } from '../../http/route-adapter';
import { storeUnavailable } from '../../session/cached-store';
import { startSession } from '../../session/request-session';
import type { UserCredential } from '../../upstream/client';
import type { RouteContext } from '../context';
import { endKiosk } from '../kiosk/kiosk';

/**
 * Spec section 4: login clears the selection, calls the upstream login then user-info; when user-info
 * fails the token is dropped (logged out upstream) and the login fails. The session id changes. What the
 * upstream's refusals mean (wrong credentials, address not verified, too many tries) is declared with its
 * route (contracts/src/upstream-routes.ts); its token answer is parsed with the contract's schema. A sign-in
 * on a registration kiosk ends the device's kiosk session (routes/kiosk).
 */
export function login(ctx: RouteContext): RouteHandler<typeof authRoutes.login> {
  const { upstream, sessions } = ctx;
  return async ({ req, res, body: credentials }) => {
    const id = requestId(req);
    // before the password is checked, so that a right and a wrong one answer alike while sessions cannot
    // be stored (sessions.ts `writable`)
    await sessions.writable().catch((error: unknown) => {
      throw storeUnavailable(error);
    });
    const token = await upstream.call(upstreamRoutes.login, { body: credentials, requestId: id });
    // no session holds the new token yet: nothing to end when the upstream refuses it
    const fresh: UserCredential = { token: token.access_token, endSession: async () => {} };
    const dropToken = (user: UserCredential) =>
      upstream.call(upstreamRoutes.logout, { user, requestId: id, timeoutMs: 3000 }).catch(() => undefined);

    let profile: User;
    try {
      profile = await upstream.call(upstreamRoutes.userinfo, { user: fresh, requestId: id });
    } catch (error) {
      await dropToken(fresh);
      // a token refused at once is the upstream's fault, not a session of this browser that expired
      if (error instanceof HttpError && error.status >= 500) throw error;
      throw new HttpError(502, errorCode.generic, undefined, { cause: error });
    }

    const previous = req.session.auth?.accessToken;
    if (previous) void dropToken({ token: previous, endSession: async () => {} });
    await startSession(req, {
      accessToken: token.access_token,
      accessTokenExpiresAt: Date.now() + token.expires_in * 1000,
      user: profile,
    });
    // a sign-in on a registration kiosk is staff taking the device back: its kiosk session ends
    await endKiosk(ctx, req, res);
    const body: SessionState = { user: profile, selection: req.session.selection! };
    return { status: 200, body };
  };
}
