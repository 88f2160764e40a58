import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { HttpError } from '../../http/http-error';
import { createLogger } from '../../observability/logger';
import type { Redis } from '../../session/redis-client';

let fallbackLogger: ReturnType<typeof createLogger> | undefined;

/**
 * express-rate-limit logs store errors with console.error (not JSON, one per request while Redis is
 * away): they go to the JSON log instead, at most one line per 10 s per limiter.
 */
function storeErrorLogger(name: string) {
  let last = 0;
  const log = (error: unknown) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    fallbackLogger ??= createLogger(process.env.LOG_LEVEL ?? 'info');
    fallbackLogger.warn(
      { err: error, limiter: name },
      'rate limit store unavailable: requests pass unlimited',
    );
  };
  return { warn: log, error: log };
}

/** A Redis that hangs (rather than refusing) must not hold the request: the limiter passes after 800 ms. */
function withinTime<T>(pending: Promise<T>, ms = 800): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    pending,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`rate limit store: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

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
          sendCommand: (...args: string[]) => withinTime(redis.sendCommand(args)),
        })
      : undefined,
    // a limiter whose store is down must not lock everybody out of signing in
    passOnStoreError: true,
    logger: storeErrorLogger(name),
    handler: (req, _res, next) => {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfterSeconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      next(new HttpError(429, errorCode.rateLimited, { retryAfterSeconds }));
    },
  });
}
