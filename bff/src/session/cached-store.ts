import { errorCode } from '@evt/contracts/errors';
import session from 'express-session';
import { HttpError } from '../http/http-error';
import type { BackingStore, InvalidationBus } from './backing-store';
import type { StoredSession } from './session-data';

interface CacheEntry {
  data: StoredSession;
  /** when the backing store drops the session, as far as this instance knows */
  expiresAt: number;
  /** when this instance last refreshed the store's idle TTL */
  touchedAt: number;
}

type Callback = (err?: unknown) => void;

/** What a request's session held when loaded (top-level field -> JSON), to write back only its changes. */
const LOADED = Symbol('loadedSession');
type Loaded = { [LOADED]?: Map<string, string> };

function snapshot(data: object): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'cookie' && value !== undefined) fields.set(key, JSON.stringify(value));
  }
  return fields;
}
type GetCallback = (err: unknown, session?: session.SessionData | null) => void;

/** A store failure reaches the client as 503 errors.sessionStoreUnavailable (logged as a 5xx). */
export const storeUnavailable = (cause: unknown) =>
  new HttpError(503, errorCode.sessionStoreUnavailable, undefined, { cause });

export interface CachedStoreOptions {
  maxEntries: number;
  touchIntervalMs: number;
  idleMs: number;
  /** the TTL the backing store gives a session on set and touch */
  ttlSeconds: (data: StoredSession) => number;
  onError: (error: unknown, what: string) => void;
}

/**
 * The express-session store of the BFF, also read directly by the proxy fast path. It puts an in-process
 * cache in front of the backing store so an authenticated request costs no store round trip:
 * - every change or destroy is published on the invalidation bus and every instance drops its copy, so a
 *   logout on one instance is refused by all of them;
 * - the idle TTL is refreshed at most once per `touchIntervalMs` per session and never awaited;
 * - an entry is trusted only until the expiry this instance knows of; past it the store is asked again
 *   (another instance may have refreshed the TTL meanwhile);
 * - while the bus is unhealthy the cache is bypassed.
 */
export class CachedSessionStore extends session.Store {
  private readonly cache = new Map<string, CacheEntry>();
  /** bumped on every invalidation, so a read that raced one is not cached */
  private generation = 0;

  constructor(
    private readonly backing: BackingStore,
    private readonly bus: InvalidationBus,
    private readonly options: CachedStoreOptions,
  ) {
    super();
    bus.listen((sid) => {
      this.generation++;
      if (sid === null) this.cache.clear();
      else this.cache.delete(sid);
    });
  }

  /** The cached session when this instance may trust it; undefined means "ask `read`". Read-only. */
  peek(sid: string): StoredSession | undefined {
    const entry = this.cache.get(sid);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now() || !this.bus.healthy) {
      this.cache.delete(sid);
      return undefined;
    }
    return entry.data;
  }

  /** Reads the backing store (and caches the answer). Read-only result; null when there is no session. */
  async read(sid: string): Promise<StoredSession | null> {
    const generation = this.generation;
    const [data, ttlMs] = await Promise.all([this.backing.get(sid), this.backing.ttlMs(sid)]);
    if (!data || ttlMs === null || ttlMs <= 0) {
      this.cache.delete(sid);
      return null;
    }
    if (generation === this.generation && this.bus.healthy) {
      const now = Date.now();
      // when the TTL was last refreshed, by whichever instance: the throttle counts from there
      const touchedAt = now - Math.max(0, this.options.idleMs - ttlMs);
      this.remember(sid, { data, expiresAt: now + ttlMs, touchedAt });
    }
    return data;
  }

  /** Refreshes the idle TTL, at most once per interval, without making the caller wait. */
  touchSoon(sid: string, data: StoredSession): void {
    const entry = this.cache.get(sid);
    const now = Date.now();
    if (entry && now - entry.touchedAt < this.options.touchIntervalMs) return;
    if (entry) {
      entry.touchedAt = now;
      entry.expiresAt = now + this.options.ttlSeconds(data) * 1000;
    }
    this.backing.touch(sid, data).catch((error) => this.options.onError(error, 'session touch'));
  }

  /**
   * Merges top-level fields into a stored session (its TTL kept; nothing when it is gone) and drops every
   * instance's cached copy: for writers without express-session, such as the fast path's role check.
   */
  async patch(sid: string, changes: Record<string, unknown>): Promise<void> {
    this.cache.delete(sid);
    this.generation++;
    if (await this.backing.patch(sid, changes, [])) await this.bus.publish(sid);
  }

  /** Drops a session everywhere: the backing store, this cache, the other instances' caches. */
  async end(sid: string): Promise<void> {
    this.cache.delete(sid);
    this.generation++;
    await this.backing.destroy(sid);
    await this.bus.publish(sid);
  }

  // express-session's Store interface -------------------------------------------------------------

  override get(sid: string, callback: GetCallback): void {
    const cached = this.peek(sid);
    if (cached !== undefined) {
      callback(null, structuredClone(cached) as session.SessionData);
      return;
    }
    this.read(sid).then(
      (data) => callback(null, data ? (structuredClone(data) as session.SessionData) : null),
      (error) => callback(storeUnavailable(error)),
    );
  }

  /** express-session builds req.session here: remember what was loaded, so `set` can write a diff. */
  override createSession(req: Parameters<session.Store['createSession']>[0], data: session.SessionData) {
    const created = super.createSession(req, data);
    (created as Loaded)[LOADED] = snapshot(data);
    return created;
  }

  /**
   * A session loaded by this request is written back as a patch of the fields the request changed (merged
   * atomically in the store), so concurrent requests of one session lose nothing; a new session (login,
   * regenerate) is written whole.
   */
  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    const loaded = (sess as Loaded)[LOADED];
    const data = JSON.parse(JSON.stringify(sess)) as StoredSession;
    let write: Promise<unknown>;
    if (loaded === undefined) {
      write = this.backing.set(sid, data);
    } else {
      const now = snapshot(data);
      const changes: Record<string, unknown> = {};
      for (const [key, json] of now) {
        if (loaded.get(key) !== json) changes[key] = (data as Record<string, unknown>)[key];
      }
      const removed = [...loaded.keys()].filter((key) => !now.has(key));
      if (Object.keys(changes).length === 0 && removed.length === 0) {
        callback?.();
        return;
      }
      (sess as Loaded)[LOADED] = now;
      write = this.backing.patch(sid, changes, removed);
    }
    this.generation++;
    this.cache.delete(sid);
    write
      .then(() => this.bus.publish(sid))
      .then(
        () => callback?.(),
        (error) => callback?.(storeUnavailable(error)),
      );
  }

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    this.touchSoon(sid, sess);
    callback?.();
  }

  override destroy(sid: string, callback?: Callback): void {
    this.end(sid).then(
      () => callback?.(),
      (error) => callback?.(storeUnavailable(error)),
    );
  }

  private remember(sid: string, entry: CacheEntry): void {
    if (this.cache.size >= this.options.maxEntries) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(sid, entry);
  }
}
