import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { HttpError } from '../../http/http-error';
import type { Redis } from '../../session/redis-client';

export interface RateLimitOptions {
  redis: Redis | null;
  keyPrefix: string;
  windowMs: number;
  max: number;
}

/**
 * Per-address limit of an authentication endpoint (login, register, password reset), kept in Redis when
 * configured so that every instance counts together. Over the limit: 429 with details.retryAfterSeconds.
 */
export function authRateLimit(name: string, options: RateLimitOptions): RequestHandler {
  const redis = options.redis;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    store: redis
      ? new RedisStore({
          prefix: `${options.keyPrefix}rl:${name}:`,
          sendCommand: (...args: string[]) => redis.sendCommand(args),
        })
      : undefined,
    // a limiter whose store is down must not lock everybody out of signing in
    passOnStoreError: true,
    handler: (req, _res, next) => {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfterSeconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      next(new HttpError(429, errorCode.rateLimited, { retryAfterSeconds }));
    },
  });
}
