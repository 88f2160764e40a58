import { randomBytes, timingSafeEqual } from 'node:crypto';
import { safeReturnPath } from '@evt/contracts/access';
import { type GoogleCallbackOutcome, googleConnectQuery, type meetingRoutes } from '@evt/contracts/meetings';
import type { Request, RequestHandler, Response } from 'express';
import { redirectLocal } from '../http/local-redirect';
import type { RouteHandler } from '../http/route-adapter';
import { requestId } from '../http/request-id';
import { validate } from '../http/validate';
import { requireAuth, saveSession } from '../session/request-session';
import type { GoogleAccounts } from './google-accounts';

declare module 'express-session' {
  interface SessionData {
    /** the consent flow under way: single use, bound to this session, never sent to the browser */
    googleOAuth: { state: string; verifier: string; returnTo: string; startedAt: number };
  }
}

const FLOW_TTL_MS = 10 * 60_000;
const DEFAULT_RETURN = '/events';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Back to a local path with the outcome as a code (`?google=`), never a sentence nor a foreign address:
 * the stored path is checked again by the one return-path check (a session written before that check
 * existed may hold `/.//host`).
 */
function back(res: Response, returnTo: string, outcome: GoogleCallbackOutcome, missing?: string[]) {
  const url = new URL(safeReturnPath(returnTo, DEFAULT_RETURN), 'http://local.invalid');
  url.searchParams.set('google', outcome);
  if (missing?.length) url.searchParams.set('missing', missing.map((s) => s.split('/').pop()).join(','));
  redirectLocal(res, 303, url.pathname + url.search, DEFAULT_RETURN);
}

/** `GET /api/google/connect?returnTo=/events/meetings-3`: starts the consent flow from the server. */
export function googleConnect(accounts: GoogleAccounts): RequestHandler {
  return async (req, res) => {
    requireAuth(req);
    const { returnTo } = validate(googleConnectQuery, req.query);
    const state = randomBytes(32).toString('base64url');
    const { url, verifier } = await accounts.consentUrl(state);
    req.session.googleOAuth = {
      state,
      verifier,
      returnTo: returnTo ?? DEFAULT_RETURN,
      startedAt: Date.now(),
    };
    await saveSession(req);
    res.redirect(303, url);
  };
}

/**
 * Google's return (GOOGLE_REDIRECT_URI). The state must be this session's, unused and recent; an error
 * from the consent page, a wrong or replayed state, a missing scope: each ends on the meetings page with
 * a code the page explains, never a stack trace.
 */
export function googleCallback(accounts: GoogleAccounts): RequestHandler {
  return async (req: Request, res: Response) => {
    const flow = req.session.googleOAuth;
    // single use: whatever happens next, this state is spent
    req.session.googleOAuth = undefined;
    if (flow) await saveSession(req);
    const q = req.query as Record<string, unknown>;
    const state = typeof q.state === 'string' ? q.state : '';
    if (!req.session.auth) {
      redirectLocal(res, 303, '/auth/login');
      return;
    }
    if (!flow || !state || !sameSecret(state, flow.state) || Date.now() - flow.startedAt > FLOW_TTL_MS) {
      back(res, flow?.returnTo ?? DEFAULT_RETURN, 'badState');
      return;
    }
    if (typeof q.error === 'string') {
      back(res, flow.returnTo, q.error === 'access_denied' ? 'denied' : 'failed');
      return;
    }
    const code = typeof q.code === 'string' ? q.code : '';
    if (!code || code.length > 2048) {
      back(res, flow.returnTo, 'failed');
      return;
    }
    const result = await accounts.connect(
      accounts.begin(req.session.auth.user.id, requestId(req)),
      code,
      flow.verifier,
    );
    if (result.ok) back(res, flow.returnTo, 'connected');
    else back(res, flow.returnTo, result.outcome, result.missing);
  };
}

export function googleConnection(
  accounts: GoogleAccounts,
): RouteHandler<typeof meetingRoutes.googleConnection> {
  return async ({ req }) => {
    const auth = requireAuth(req);
    return { status: 200, body: await accounts.connection(auth.user.id) };
  };
}

export function googleDisconnect(
  accounts: GoogleAccounts,
): RouteHandler<typeof meetingRoutes.googleDisconnect> {
  return async ({ req }) => {
    const auth = requireAuth(req);
    const { revoked } = await accounts.disconnect(accounts.begin(auth.user.id, requestId(req)));
    return { status: 200, body: { ...(await accounts.connection(auth.user.id)), revoked } };
  };
}
