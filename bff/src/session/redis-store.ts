import { RedisStore } from 'connect-redis';
import type { SessionData } from 'express-session';
import type { Logger } from 'pino';
import type { BackingStore, InvalidationBus } from './backing-store';
import type { Redis } from './redis-client';
import type { StoredSession } from './session-data';

/**
 * Field-level merge inside Redis, so concurrent requests of one session (an organisation switch while a
 * membership check records its answer) never overwrite each other's fields. KEEPTTL: a patch is not
 * activity. cjson keeps 14 significant digits, enough for the ms timestamps a session holds.
 */
const PATCH_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local data = cjson.decode(current)
local changes = cjson.decode(ARGV[1])
for _, key in ipairs(cjson.decode(ARGV[2])) do data[key] = nil end
for key, value in pairs(changes) do data[key] = value end
redis.call('SET', KEYS[1], cjson.encode(data), 'KEEPTTL')
return 1
`;

/** Sessions in Redis through connect-redis; the TTL of a key is the session's remaining idle time. */
export function redisBackingStore(
  client: Redis,
  prefix: string,
  ttlSeconds: (data: StoredSession) => number,
): BackingStore {
  const store = new RedisStore({ client, prefix, ttl: (sess: SessionData) => ttlSeconds(sess) });
  return {
    get: (sid) => store.get(sid) as Promise<StoredSession | null>,
    async ttlMs(sid) {
      const ms = await client.pTTL(prefix + sid);
      return ms < 0 ? (ms === -1 ? Number.MAX_SAFE_INTEGER : null) : ms;
    },
    set: async (sid, data) => {
      await store.set(sid, data as SessionData);
    },
    async patch(sid, changes, removed) {
      const done = await client.eval(PATCH_SCRIPT, {
        keys: [prefix + sid],
        arguments: [JSON.stringify(changes), JSON.stringify(removed)],
      });
      return done === 1;
    },
    touch: async (sid, data) => {
      await store.touch(sid, data as SessionData);
    },
    destroy: async (sid) => {
      await store.destroy(sid);
    },
  };
}

/**
 * Cross-instance cache invalidation over a Redis pub/sub channel. A dedicated subscriber connection;
 * while it is down messages may be lost, so the bus reports itself unhealthy and, once back, tells the
 * cache to forget everything.
 *
 * `publish` returns once this instance's own subscriber has heard the message, not at Redis's reply to
 * PUBLISH: Redis may answer the publisher before it has written the copies to the subscribers, and a
 * caller who goes on to the next request on another instance must find the change already heard there.
 * Redis writes every subscriber's copy in the same pass, so the echo arriving here means the others' are
 * on their way too. The wait is bounded (`echoWaitMs`): a lost echo delays one answer, never blocks it.
 */
export async function redisInvalidationBus(
  client: Redis,
  channel: string,
  logger: Logger,
  echoWaitMs = 1000,
): Promise<InvalidationBus> {
  const subscriber = client.duplicate();
  const handlers: ((sid: string | null) => void)[] = [];
  // the publications of this instance waiting for their echo, by message
  const echoes = new Map<string, (() => void)[]>();
  const notify = (sid: string | null) => {
    for (const handler of handlers) handler(sid);
    if (sid === null) return;
    for (const heard of echoes.get(sid) ?? []) heard();
    echoes.delete(sid);
  };
  let healthy = false;
  subscriber.on('error', (error: Error) => {
    if (healthy) logger.warn({ err: error }, 'session invalidation channel interrupted');
    healthy = false;
    notify(null);
  });
  subscriber.on('ready', () => {
    notify(null);
    healthy = true;
  });
  await subscriber.connect();
  await subscriber.subscribe(channel, (sid) => notify(sid));
  healthy = true;
  return {
    get healthy() {
      return healthy;
    },
    async publish(sid) {
      if (!healthy) {
        // no echo to wait for: the caches bypass themselves until the channel is back
        await client.publish(channel, sid);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      let heard = () => {};
      const echoed = new Promise<void>((resolve) => {
        heard = resolve;
        echoes.set(sid, [...(echoes.get(sid) ?? []), heard]);
        timer = setTimeout(resolve, echoWaitMs);
      });
      try {
        await client.publish(channel, sid);
        await echoed;
      } finally {
        clearTimeout(timer);
        // a timed-out or failed publication stops waiting for its echo
        const others = (echoes.get(sid) ?? []).filter((waiting) => waiting !== heard);
        if (others.length) echoes.set(sid, others);
        else echoes.delete(sid);
      }
    },
    listen(handler) {
      handlers.push(handler);
    },
    async close() {
      healthy = false;
      subscriber.destroy();
    },
  };
}
