import { errorCode } from '@evt/contracts/errors';
import { HttpError } from '../http/http-error';
import { type SessionTimeouts, type StoredSession, sessionUsable } from './session-data';

/**
 * The one reading of a session by a route that needs a signed-in user, on the proxy fast path and in
 * Express alike. A started session past its absolute timeout or its token expiry is expired: the caller
 * ends it in the store, and the route answers 401 errors.sessionExpired (so the page can say "expired"
 * rather than "signed out").
 */
export function sessionExpired(
  session: StoredSession | null | undefined,
  timeouts: SessionTimeouts,
): boolean {
  return session != null && session.createdAt !== undefined && !sessionUsable(session, timeouts);
}

/** The session's upstream credentials, or 401: errors.sessionExpired after a timeout, else unauthenticated. */
export function signedIn(
  session: StoredSession | null | undefined,
  expired: boolean,
): NonNullable<StoredSession['auth']> {
  const auth = session?.auth;
  if (expired) throw new HttpError(401, errorCode.sessionExpired);
  if (auth === undefined) throw new HttpError(401, errorCode.unauthenticated);
  return auth;
}
