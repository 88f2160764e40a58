import type { StoredSession } from './session-data';

interface Entry {
  json: string;
  expiresAt: number;
}

/**
 * The embedded session store used without REDIS_URL: bounded (the oldest entry goes when full) and
 * expiring (each entry has the store TTL; expired entries are dropped on read and by a periodic sweep).
 * Data is kept serialised so callers never share objects with it.
 */
export class BoundedMemoryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlSeconds: (data: StoredSession) => number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async get(sid: string): Promise<StoredSession | null> {
    const entry = this.live(sid);
    return entry ? (JSON.parse(entry.json) as StoredSession) : null;
  }

  async ttlMs(sid: string): Promise<number | null> {
    const entry = this.live(sid);
    return entry ? entry.expiresAt - Date.now() : null;
  }

  async set(sid: string, data: StoredSession): Promise<void> {
    const ttl = this.ttlSeconds(data);
    this.entries.delete(sid);
    if (ttl <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sid, { json: JSON.stringify(data), expiresAt: Date.now() + ttl * 1000 });
  }

  async patch(sid: string, changes: Record<string, unknown>, removed: readonly string[]): Promise<boolean> {
    const entry = this.live(sid);
    if (!entry) return false;
    const data = JSON.parse(entry.json) as Record<string, unknown>;
    for (const key of removed) delete data[key];
    entry.json = JSON.stringify({ ...data, ...changes });
    return true;
  }

  async touch(sid: string, data: StoredSession): Promise<void> {
    const entry = this.live(sid);
    if (entry) entry.expiresAt = Date.now() + this.ttlSeconds(data) * 1000;
  }

  async destroy(sid: string): Promise<void> {
    this.entries.delete(sid);
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private live(sid: string): Entry | undefined {
    const entry = this.entries.get(sid);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [sid, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(sid);
  }
}
