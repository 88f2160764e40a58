import type { IncomingMessage } from 'node:http';
import signature from 'cookie-signature';
import { describe, expect, it } from 'vitest';
import { readSessionId, sessionIdReader } from './session-cookie';

const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);
const request = (cookie?: string) => ({ headers: { cookie } }) as IncomingMessage;
const cookieFor = (sid: string, secret: string, name = 'sid') =>
  `${name}=${encodeURIComponent(`s:${signature.sign(sid, secret)}`)}`;

describe('session cookie', () => {
  it('reads the id express-session signed, with any secret of the rotation', () => {
    expect(readSessionId(request(cookieFor('abc', NEW)), 'sid', [NEW, OLD])).toBe('abc');
    expect(readSessionId(request(`locale=en; ${cookieFor('abc', OLD)}`), 'sid', [NEW, OLD])).toBe('abc');
  });

  it('refuses tampered, unsigned, foreign-secret and look-alike cookies', () => {
    const good = cookieFor('abc', NEW);
    expect(readSessionId(request(good.replace('abc', 'abd')), 'sid', [NEW])).toBeUndefined();
    expect(readSessionId(request('sid=abc'), 'sid', [NEW])).toBeUndefined();
    expect(readSessionId(request(cookieFor('abc', 'x'.repeat(32))), 'sid', [NEW])).toBeUndefined();
    expect(readSessionId(request(cookieFor('abc', NEW, 'xsid')), 'sid', [NEW])).toBeUndefined();
    expect(readSessionId(request(), 'sid', [NEW])).toBeUndefined();
  });

  it('remembers only verified cookies', () => {
    const read = sessionIdReader('__Host-sid', [NEW]);
    const good = cookieFor('abc', NEW, '__Host-sid');
    expect(read(request(good))).toBe('abc');
    expect(read(request(good))).toBe('abc');
    expect(read(request(good.replace('abc', 'abd')))).toBeUndefined();
  });
});
