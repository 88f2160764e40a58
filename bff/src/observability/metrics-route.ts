import { createHash, timingSafeEqual } from 'node:crypto';
import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error';
import type { Metrics } from './metrics';

const sha = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics. The figures (routes, error rates, process internals) help an attacker, and the BFF's port
 * is the public one: with a token, only `Authorization: Bearer <token>` reads them; without one they are
 * open in development (local tools) and answer 404 in production, never the SPA's page.
 */
export function metricsRoute(
  metrics: Metrics,
  options: { token: string | null; production: boolean },
): RequestHandler {
  const off = !options.token && options.production;
  // digests compared, so the comparison takes the same time whatever the lengths
  const expected = options.token ? sha(options.token) : null;
  return async (req, res) => {
    if (off) throw new HttpError(404, errorCode.notFound);
    if (expected) {
      const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
      if (!match?.[1] || !timingSafeEqual(sha(match[1]), expected)) {
        res.set('www-authenticate', 'Bearer');
        throw new HttpError(401, errorCode.unauthenticated);
      }
    }
    res.set('content-type', metrics.registry.contentType).set('cache-control', 'no-store');
    res.send(await metrics.registry.metrics());
  };
}
