import type { StoredSession } from './session-data';

/** Where sessions really live (Redis through connect-redis, or the bounded memory store). */
export interface BackingStore {
  get(sid: string): Promise<StoredSession | null>;
  /** ms the store still keeps the session, or null when it is gone */
  ttlMs(sid: string): Promise<number | null>;
  set(sid: string, data: StoredSession): Promise<void>;
  /**
   * Atomically replaces some top-level fields and deletes others of a stored session, keeping its TTL;
   * false when the session is gone. Two requests of one session writing different fields both win.
   */
  patch(sid: string, changes: Record<string, unknown>, removed: readonly string[]): Promise<boolean>;
  touch(sid: string, data: StoredSession): Promise<void>;
  destroy(sid: string): Promise<void>;
}

/**
 * Tells every BFF instance that a session changed or ended, so their in-process caches drop it. `listen`
 * receives a session id, or null when the bus itself was interrupted (then every cached entry is suspect).
 */
export interface InvalidationBus {
  publish(sid: string): Promise<void>;
  listen(handler: (sid: string | null) => void): void;
  /** false while messages may be missed (subscriber reconnecting): the cache is bypassed meanwhile */
  readonly healthy: boolean;
  close(): Promise<void>;
}

/** The bus of a single process (memory store): nothing to tell anyone else. */
export function localBus(): InvalidationBus {
  return {
    healthy: true,
    async publish() {},
    listen() {},
    async close() {},
  };
}
