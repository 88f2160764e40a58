import { type ErrorCode, errorCode } from '@evt/contracts/errors';
import { createHash } from 'node:crypto';
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
  skip?: (req: Request) => boolean | Promise<boolean>;
  /**
   * Count by this instead of the client's address (the account a sign-in names, whatever the address it
   * comes from). Keep it free of personal data (a hash).
   */
  keyOf?: (req: Request) => string;
  /** Count only the answers with this status (a refused password), not the requests that passed or were held. */
  countStatus?: number;
  /** The code of the 429 (default errors.rateLimited). */
  refusal?: ErrorCode;
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
      if (options.keyOf) return options.keyOf(req);
      const address = ipKeyGenerator(req.ip ?? 'unknown');
      return options.keyPart ? `${address}|${options.keyPart(req)}` : address;
    },
    // a request answered otherwise (passed, or refused by this or another limit) is taken back
    ...(options.countStatus === undefined
      ? {}
      : {
          skipSuccessfulRequests: true,
          requestWasSuccessful: (_req: Request, res: { statusCode: number }) =>
            res.statusCode !== options.countStatus,
        }),
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
      next(new HttpError(429, options.refusal ?? errorCode.rateLimited, { retryAfterSeconds }));
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

/**
 * Failed sign-ins counted per account (OWASP ASVS 2.2.1), beside the per-address limit: a delay that grows
 * with the failures, never a ban. Each step is a limit of its own over a longer window (a fifteenth, a
 * third and the whole of the sign-in window: 1, 5 and 15 minutes by default); the longest decides the
 * longest wait, so an attacker can hold an account for at most that window after their last try, and
 * tries refused meanwhile are not counted (they cannot extend it). Only refused passwords count (401): a
 * right password, and any attempt refused by a limit, are taken back. At most 20 guesses per window and
 * account, whatever the number of addresses. The account is the e-mail as typed, trimmed and lower-cased,
 * hashed: no address is stored in Redis.
 */
export const SIGN_IN_DELAYS = [
  { failures: 5, windowShare: 1 / 15 },
  { failures: 10, windowShare: 1 / 3 },
  { failures: 20, windowShare: 1 },
] as const;

export function accountKey(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return `account:${createHash('sha256').update(normalised).digest('base64url').slice(0, 22)}`;
}

export function signInDelays(name: string, options: RateLimitOptions): RequestHandler[] {
  // the longest step first: the refusal that answers tells the longest wait
  return [...SIGN_IN_DELAYS].reverse().map((step, index) =>
    authRateLimit(`${name}-account-${SIGN_IN_DELAYS.length - index}`, {
      ...options,
      windowMs: Math.max(1000, Math.round(options.windowMs * step.windowShare)),
      max: step.failures,
      keyOf: accountKey,
      countStatus: 401,
      refusal: errorCode.signInDelayed,
    }),
  );
}
