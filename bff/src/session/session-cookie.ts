import type { IncomingMessage } from 'node:http';
import signature from 'cookie-signature';

/** `__Host-` pins the cookie to this exact origin, path / and Secure: only possible over https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

/**
 * The session id from the signed cookie express-session wrote (`s:<id>.<hmac>`, URI-encoded), or
 * undefined. Any of the secrets verifies (rotation); the first one signs.
 */
export function readSessionId(
  req: IncomingMessage,
  cookieName: string,
  secrets: readonly string[],
): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  const needle = `${cookieName}=`;
  let start = header.indexOf(needle);
  // the name must start a cookie pair, not end another name (`xsid=`)
  while (start > 0 && header[start - 1] !== ' ' && header[start - 1] !== ';') {
    start = header.indexOf(needle, start + 1);
  }
  if (start < 0) return undefined;
  start += needle.length;
  const end = header.indexOf(';', start);
  let raw = end < 0 ? header.slice(start) : header.slice(start, end);
  raw = raw.trim();
  if (raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
  if (raw.includes('%')) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  if (!raw.startsWith('s:')) return undefined;
  const signed = raw.slice(2);
  for (const secret of secrets) {
    const sid = signature.unsign(signed, secret);
    if (sid !== false) return sid;
  }
  return undefined;
}
