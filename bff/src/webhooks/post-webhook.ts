import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

export type PostOutcome =
  | { kind: 'answered'; status: number; retryAfterSeconds: number | null }
  | { kind: 'failed'; error: 'timeout' | 'network' };

/** Retry-After in seconds (delta or HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * One delivery attempt: POST to the address the target check approved (the socket's lookup answers that
 * address, TLS still checks the host's certificate), with a whole-attempt deadline. Redirects are never
 * followed: a 3xx is an answer like any other, counted as a failure by the caller.
 */
export function postWebhook(
  target: { url: URL; address: string },
  body: string,
  headers: Record<string, string>,
  options: { deadlineMs: number; now?: () => Date },
): Promise<PostOutcome> {
  const { url, address } = target;
  const family = isIP(address) === 6 ? 6 : 4;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        // Node asks for every address (`all`) when it races IPv4 and IPv6: it gets the one checked address
        lookup: (_host, lookupOptions, callback) => {
          if (lookupOptions.all) callback(null, [{ address, family }]);
          else (callback as (e: Error | null, a: string, f: number) => void)(null, address, family);
        },
      },
      (response) => {
        response.resume();
        const retryAfter = response.headers['retry-after'];
        settle({
          kind: 'answered',
          status: response.statusCode ?? 0,
          retryAfterSeconds: parseRetryAfter(
            Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            (options.now ?? (() => new Date()))(),
          ),
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      settle({ kind: 'failed', error: 'timeout' });
    }, options.deadlineMs);
    request.on('error', () => settle({ kind: 'failed', error: 'network' }));
    request.end(body);
  });
}
