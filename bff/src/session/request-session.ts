import { emptySelection } from '@evt/contracts/auth';
import { errorCode } from '@evt/contracts/errors';
import type { Request, RequestHandler, Response } from 'express';
import type { SessionData } from 'express-session';
import { HttpError } from '../http/http-error';
import { clearSessionCookie } from './end-session';
import type { Sessions } from './sessions';
import { sessionExpired, signedIn } from './signed-in';

type Auth = SessionData['auth'];

const EXPIRED = Symbol('sessionExpired');
type Marked = Request & { [EXPIRED]?: boolean };

function promisify(run: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
}

/**
 * After express-session: a session past its absolute timeout or its token expiry is destroyed here, and
 * the request continues with a fresh, empty one (so /auth/me can say "expired" rather than "signed out").
 */
export function enforceTimeouts(sessions: Sessions): RequestHandler {
  return async (req, _res, next) => {
    const session = req.session;
    if (session === undefined) throw new HttpError(503, errorCode.sessionStoreUnavailable);
    if (sessionExpired(session, sessions.timeouts)) {
      await promisify((done) => session.destroy(done));
      (req.sessionStore as unknown as { generate(r: Request): void }).generate(req);
      (req as Marked)[EXPIRED] = true;
    }
    next();
  };
}

/** The signed-in user's upstream credentials, or 401 (errors.sessionExpired after a timeout). */
export function requireAuth(req: Request): Auth {
  // a session destroyed as expired was replaced by a fresh one, without auth
  return signedIn(req.session, (req as Marked)[EXPIRED] === true);
}

/** A new session id (login): the previous id, known before authentication, is worthless afterwards. */
export async function startSession(req: Request, auth: Auth): Promise<void> {
  await promisify((done) => req.session.regenerate(done));
  req.session.createdAt = Date.now();
  req.session.auth = auth;
  req.session.selection = { ...emptySelection };
  req.session.memberships = {};
  await saveSession(req);
}

export function saveSession(req: Request): Promise<void> {
  return promisify((done) => req.session.save(done));
}

/** Ends the session in the store (every instance) and tells the browser to forget the cookie. */
export async function endSession(req: Request, res: Response, sessions: Sessions): Promise<void> {
  clearSessionCookie(res, sessions.cookieName);
  if (req.session) await promisify((done) => req.session.destroy(done));
}
