import type { ServerResponse } from 'node:http';
import type { Sessions } from './sessions';

/**
 * Tells the browser to forget the session cookie (as Express's `res.clearCookie` writes it, on a bare
 * node response too): the attributes match the ones it was set with, `Secure` for `__Host-` names.
 */
export function clearSessionCookie(res: ServerResponse, cookieName: string): void {
  if (res.headersSent) return;
  const secure = cookieName.startsWith('__Host-') ? '; Secure' : '';
  const line = `${cookieName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure}`;
  const previous = res.getHeader('set-cookie');
  const lines = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  res.setHeader('set-cookie', [...lines.filter((l) => !l.startsWith(`${cookieName}=`)), line]);
}

/**
 * Ends a session known by its id (the fast path holds no express-session): the cookie is cleared first,
 * so the browser forgets it even when the store then fails, and the store end reaches every instance.
 */
export function endStoredSession(
  sessions: Pick<Sessions, 'store' | 'cookieName'>,
  sid: string,
  res: ServerResponse,
): Promise<void> {
  clearSessionCookie(res, sessions.cookieName);
  return sessions.store.end(sid);
}
