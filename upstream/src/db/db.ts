export type Row = Record<string, unknown>;

/** What a query needs; both the pool and a transaction offer it. */
export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The thin seam between the routes and the database engine: embedded PGlite by default,
 * node-postgres when a URL is given. Routes only write SQL both engines understand.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** several statements, no parameters (migrations) */
  exec(sql: string): Promise<void>;
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export async function openDb(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: a snapshot file an in-memory database starts from (see `writePgliteSnapshot`) */
  initialData?: string;
}): Promise<Db> {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const { openPg } = await import('./pg');
    return openPg(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir ?? '.data/upstream', options.initialData);
}

/** bytea comes back as Buffer (pg) or Uint8Array (PGlite). */
export function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('not binary data');
}

export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}
