import { randomBytes } from 'node:crypto';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../../../test/helpers';
import { retryFailedScriptLoads } from './rate-limit';

describe('the sign-in limiter on Redis after a failed script load', () => {
  let redis: ReturnType<typeof createClient>;
  beforeAll(async () => {
    redis = createClient({ url: redisUrl() });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.close();
  });

  /** A store on the real Redis whose next `failLoads` `SCRIPT LOAD`s fail, as when Redis answers too late. */
  function storeOnRedis() {
    const control = { failLoads: 0 };
    const store = new RedisStore({
      prefix: `evt-test-${randomBytes(6).toString('hex')}:`,
      sendCommand: async (...args: string[]) => {
        if (args[0] === 'SCRIPT' && control.failLoads > 0) {
          control.failLoads -= 1;
          throw new Error('rate limit store: no answer within 800 ms');
        }
        return redis.sendCommand(args) as never;
      },
    });
    return { store, control };
  }

  it('counts again once Redis answers, instead of failing every later request', async () => {
    const { store, control } = storeOnRedis();
    retryFailedScriptLoads(store);
    control.failLoads = 2;
    // the limiter's start: both loads fail (express-rate-limit only logs that)
    await expect(store.init({ windowMs: 60_000 } as never)).rejects.toThrow(/no answer within/);
    expect((await store.increment('198.51.100.7')).totalHits).toBe(1);
    expect((await store.increment('198.51.100.7')).totalHits).toBe(2);
    expect((await store.get('198.51.100.7'))?.totalHits).toBe(2);
  });

  it('reloads after NOSCRIPT (a restarted Redis) even when that reload failed once', async () => {
    const { store, control } = storeOnRedis();
    retryFailedScriptLoads(store);
    await store.init({ windowMs: 60_000 } as never);
    expect((await store.increment('198.51.100.8')).totalHits).toBe(1);
    // what a restarted Redis has: no scripts; and the reload that NOSCRIPT triggers fails once
    await redis.sendCommand(['SCRIPT', 'FLUSH']);
    control.failLoads = 1;
    await expect(store.increment('198.51.100.8')).rejects.toThrow(/no answer within/);
    expect((await store.increment('198.51.100.8')).totalHits).toBe(2);
  });

  it('without the repair, one failed load breaks the store for good (what the repair is for)', async () => {
    const { store, control } = storeOnRedis();
    control.failLoads = 2;
    await expect(store.init({ windowMs: 60_000 } as never)).rejects.toThrow(/no answer within/);
    await expect(store.increment('198.51.100.10')).rejects.toThrow(/no answer within/);
    await expect(store.increment('198.51.100.10')).rejects.toThrow(/no answer within/);
  });
});
