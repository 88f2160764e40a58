import type { IncomingMessage } from 'node:http';
import signature from 'cookie-signature';

/** `__Host-` pins the cookie to this exact origin, path / and Secure: only possible over https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

/**
 * readSessionId with the verified cookies remembered (bounded): the HMAC check costs ~10 µs, more than the
 * rest of the session lookup. Only values that verified are kept, matched as exact strings.
 */
export function sessionIdReader(cookieName: string, secrets: readonly string[], maxEntries = 10_000) {
  const verified = new Map<string, string>();
  return (req: IncomingMessage): string | undefined => {
    const raw = rawCookie(req, cookieName);
    if (raw === undefined) return undefined;
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const sid = unsignCookie(raw, secrets);
    if (sid !== undefined) {
      if (verified.size >= maxEntries) verified.clear();
      verified.set(raw, sid);
    }
    return sid;
  };
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
  const raw = rawCookie(req, cookieName);
  return raw === undefined ? undefined : unsignCookie(raw, secrets);
}

/** One cookie's raw value from the request's header, or undefined. */
export function rawCookie(req: IncomingMessage, cookieName: string): string | undefined {
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
  return (end < 0 ? header.slice(start) : header.slice(start, end)).trim();
}

function unsignCookie(value: string, secrets: readonly string[]): string | undefined {
  let raw = value;
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
