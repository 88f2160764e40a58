import { errorCode } from '@evt/contracts/errors';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { HttpError } from '../../http/http-error';
import { answerWithin } from '../../session/answer-within';
import { createLogger } from '../../observability/logger';
import type { Redis } from '../../session/redis-client';

let fallbackLogger: ReturnType<typeof createLogger> | undefined;

/**
 * express-rate-limit logs store errors with console.error (not JSON, one per request while Redis is
 * away): they go to the JSON log instead, at most one line per 10 s per limiter.
 */
function storeErrorLogger(name: string, pass: boolean) {
  let last = 0;
  const log = (error: unknown) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    fallbackLogger ??= createLogger(process.env.LOG_LEVEL ?? 'info');
    fallbackLogger.warn(
      { err: error, limiter: name },
      pass
        ? 'rate limit store unavailable: requests pass unlimited'
        : 'rate limit store unavailable: requests refused (503)',
    );
  };
  return { warn: log, error: log };
}

/**
 * rate-limit-redis keeps each Lua script's SHA as a promise, loaded when the limiter starts and again after
 * NOSCRIPT (a restarted Redis). One failed SCRIPT LOAD (Redis slower than the deadline at boot, or away
 * when the reload is tried) would leave a rejected promise there for good: every later sign-in on this
 * instance answered 503 until a restart (seen beside a loaded machine's CI run). A failed load is tried
 * again by the next request instead.
 */
export function retryFailedScriptLoads(store: RedisStore): RedisStore {
  const internals = store as unknown as {
    loadIncrementScript(): Promise<string>;
    loadGetScript(): Promise<string>;
  };
  const fields = [
    ['incrementScriptSha', () => internals.loadIncrementScript()],
    ['getScriptSha', () => internals.loadGetScript()],
  ] as const;
  for (const [field, load] of fields) {
    let current: Promise<string> | undefined;
    let failed = false;
    const keep = (value: Promise<string>) => {
      current = value;
      failed = false;
      value.catch(() => {
        if (current === value) failed = true;
      });
    };
    Object.defineProperty(store, field, {
      configurable: true,
      get: () => {
        if (failed || current === undefined) keep(load());
        return current;
      },
      set: keep,
    });
  }
  return store;
}

/** A Redis that hangs (rather than refusing) must not hold the request: the limiter gives up after 800 ms. */
const STORE_DEADLINE_MS = 800;

export interface RateLimitOptions {
  redis: Redis | null;
  keyPrefix: string;
  windowMs: number;
  max: number;
  /**
   * What a request gets while the store fails or hangs. 'refuse' (the default): 503 with Retry-After, since
   * an uncounted sign-in route is unlimited password guessing. 'pass': served uncounted, for routes whose
   * availability matters more than their limit (the visitors' public registration forms).
   */
  whenStoreFails?: 'refuse' | 'pass';
  /**
   * What, besides the client's address, a request is counted by (the public submissions count per address
   * and e-mail): appended to the address in the key. Keep it short and free of personal data (a hash).
   */
  keyPart?: (req: Request) => string;
  /** Requests this limit does not count (a registration kiosk's submissions to its event's ceiling). */
  skip?: (req: Request) => boolean;
}

/** How long a client refused for an unavailable limit store is asked to wait. */
const STORE_RETRY_AFTER_SECONDS = 30;

/**
 * Per-address limit of an authentication endpoint (login, register, password reset), kept in Redis when
 * configured so that every instance counts together. Over the limit: 429 with details.retryAfterSeconds.
 */
export function authRateLimit(name: string, options: RateLimitOptions): RequestHandler {
  const redis = options.redis;
  const pass = options.whenStoreFails === 'pass';
  const limiter = rateLimit({
    windowMs: options.windowMs,
    limit: options.max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => {
      const address = ipKeyGenerator(req.ip ?? 'unknown');
      return options.keyPart ? `${address}|${options.keyPart(req)}` : address;
    },
    store: redis
      ? retryFailedScriptLoads(
          new RedisStore({
            prefix: `${options.keyPrefix}rl:${name}:`,
            sendCommand: (...args: string[]) =>
              answerWithin(redis.sendCommand(args), STORE_DEADLINE_MS, 'rate limit store'),
          }),
        )
      : undefined,
    ...(options.skip ? { skip: options.skip } : {}),
    passOnStoreError: pass,
    logger: storeErrorLogger(name, pass),
    handler: (req, _res, next) => {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfterSeconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      next(new HttpError(429, errorCode.rateLimited, { retryAfterSeconds }));
    },
  });
  if (pass) return limiter;
  // express-rate-limit hands a store error to next(): a 503 instead of a generic 500 (the error
  // middleware logs it with its cause, as every 5xx)
  return (req, res, next) =>
    limiter(req, res, (error?: unknown) => {
      if (error === undefined || error instanceof HttpError || typeof error === 'string') {
        next(error);
        return;
      }
      next(
        new HttpError(
          503,
          errorCode.rateLimitUnavailable,
          { retryAfterSeconds: STORE_RETRY_AFTER_SECONDS },
          { cause: error },
        ),
      );
    });
}
