import { errorCode } from '@evt/contracts/errors';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { HttpError } from '../http/http-error';
import { retryFailedScriptLoads } from '../routes/auth/rate-limit';
import { answerWithin } from '../session/answer-within';
import type { Redis } from '../session/redis-client';

export interface KeyRateLimitOptions {
  redis: Redis | null;
  keyPrefix: string;
  windowMs: number;
  max: number;
}

/**
 * Calls per API key and window, counted in the same store as the other limits (Redis when configured, so
 * every instance counts together). Over the limit: 429 with `retryAfterSeconds`; a store that fails or
 * hangs refuses (503), as the sign-in limits do: an uncounted key is an unlimited one.
 */
export function keyRateLimit(options: KeyRateLimitOptions): (keyId: string) => Promise<void> {
  const { redis } = options;
  const store: Store = redis
    ? retryFailedScriptLoads(
        new RedisStore({
          prefix: `${options.keyPrefix}rl:api-key:`,
          sendCommand: (...args: string[]) => answerWithin(redis.sendCommand(args), 800, 'rate limit store'),
        }),
      )
    : new MemoryStore();
  // the scripts' first load may fail (Redis away at start): the next call loads them again
  // (retryFailedScriptLoads) and answers 503 meanwhile, so nothing is left to wait for here
  Promise.resolve(store.init?.({ windowMs: options.windowMs } as Options)).catch(() => undefined);
  return async (keyId) => {
    let hits: { totalHits: number; resetTime?: Date | undefined };
    try {
      hits = await store.increment(keyId);
    } catch (error) {
      throw new HttpError(503, errorCode.rateLimitUnavailable, { retryAfterSeconds: 30 }, { cause: error });
    }
    if (hits.totalHits <= options.max) return;
    const reset = hits.resetTime?.getTime() ?? Date.now() + options.windowMs;
    throw new HttpError(429, errorCode.rateLimited, {
      retryAfterSeconds: Math.max(1, Math.ceil((reset - Date.now()) / 1000)),
    });
  };
}
