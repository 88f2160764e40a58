import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { localBus } from './backing-store';
import { CachedSessionStore } from './cached-store';
import { answerWithin } from './answer-within';
import { guardedStore } from './guarded-store';
import { BoundedMemoryStore } from './memory-store';
import type { Redis } from './redis-client';
import { redisBackingStore, redisInvalidationBus } from './redis-store';
import { type SessionTimeouts, storeTtlSeconds } from './session-data';
import { sessionCookieName, sessionIdReader } from './session-cookie';

export interface Sessions {
  store: CachedSessionStore;
  middleware: RequestHandler;
  cookieName: string;
  secrets: readonly string[];
  /** the session id of a request's signed cookie (for the fast path, without express-session) */
  readSessionId: (req: IncomingMessage) => string | undefined;
  timeouts: SessionTimeouts;
  kind: 'redis' | 'memory';
  ping(): Promise<void>;
  /**
   * Rejects when a session could not be written now (Redis down, hanging or refusing writes). Sign-in asks
   * before the password is checked: otherwise a right password (503, its session cannot be stored) and a
   * wrong one (401) would answer differently, a password oracle that works while the limits cannot count.
   */
  writable(): Promise<void>;
  close(): Promise<void>;
}

/** The session store (Redis when configured, else the bounded memory store) and express-session on it. */
export async function createSessions(
  config: AppConfig,
  redis: Redis | null,
  logger: Logger,
  onStoreError: (operation: string) => void = () => {},
): Promise<Sessions> {
  // a session route answers 503 within a second when Redis is away or hangs, never later
  const storeTimeoutMs = config.sessionStoreTimeoutMs ?? 800;
  const timeouts: SessionTimeouts = {
    idleMs: config.sessionIdleTimeoutMs,
    absoluteMs: config.sessionAbsoluteTimeoutMs,
  };
  const ttlSeconds = (data: Parameters<typeof storeTtlSeconds>[0]) => storeTtlSeconds(data, timeouts);
  const onError = (error: unknown, what: string) => logger.error({ err: error }, `${what} failed`);
  const cacheOptions = {
    maxEntries: config.memoryStoreMaxEntries,
    touchIntervalMs: config.sessionTouchIntervalMs,
    idleMs: timeouts.idleMs,
    ttlSeconds,
    onError,
  };

  let store: CachedSessionStore;
  let closeStore: () => Promise<void>;
  let ping: () => Promise<void>;
  let writable = async () => {};
  if (redis) {
    const bus = await redisInvalidationBus(redis, `${config.keyPrefix}sess-invalidate`, logger);
    store = new CachedSessionStore(
      guardedStore(
        redisBackingStore(redis, `${config.keyPrefix}sess:`, ttlSeconds),
        storeTimeoutMs,
        onStoreError,
      ),
      bus,
      cacheOptions,
    );
    closeStore = () => bus.close();
    ping = async () => {
      await answerWithin(redis.ping(), 1000, 'PING');
    };
    // a write where sessions live ('~' is never in a session id): a Redis that answers PING may still
    // refuse writes (maxmemory, read-only replica, an ACL)
    const probeKey = `${config.keyPrefix}sess:~write-probe`;
    writable = async () => {
      try {
        await answerWithin(redis.set(probeKey, '1', { PX: 60_000 }), storeTimeoutMs, 'session write probe');
      } catch (error) {
        onStoreError('probe');
        throw error;
      }
    };
    logger.info('sessions: Redis store (connect-redis) with an in-process cache');
  } else {
    const memory = new BoundedMemoryStore(config.memoryStoreMaxEntries, ttlSeconds);
    store = new CachedSessionStore(memory, localBus(), cacheOptions);
    closeStore = async () => memory.close();
    ping = async () => {};
    logger.info(
      { maxEntries: config.memoryStoreMaxEntries },
      'sessions: embedded memory store (one instance only; set REDIS_URL to share sessions)',
    );
  }

  const cookieName = sessionCookieName(config.secure);
  const expressSession = session({
    name: cookieName,
    secret: config.sessionSecrets,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    // a browser-session cookie: the server decides when the session ends
    cookie: { httpOnly: true, sameSite: 'lax', path: '/', secure: config.secure },
  });
  // A session that could not be read (store down) must not be destroyed at the end of the request, which
  // express-session does with `unset: 'destroy'` when req.session is missing: forget the id instead.
  const middleware: RequestHandler = (req, res, next) => {
    expressSession(req, res, (error?: unknown) => {
      if (error) (req as { sessionID?: string }).sessionID = undefined;
      next(error);
    });
  };
  return {
    store,
    middleware,
    cookieName,
    secrets: config.sessionSecrets,
    readSessionId: sessionIdReader(cookieName, config.sessionSecrets),
    timeouts,
    kind: redis ? 'redis' : 'memory',
    ping,
    writable,
    close: closeStore,
  };
}
