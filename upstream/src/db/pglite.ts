import { openAsBlob } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, Row } from './db';

/**
 * An in-memory database's pages already live in memory, so PostgreSQL's own cache of them (128 MB by default)
 * only copies them again: at 16 MB, opening the tests' seeded snapshot costs about 0.7 CPU-second instead of
 * 1.1 (docs/testing.md), and every test file opens one.
 */
const IN_MEMORY_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * `initialData`: a data directory saved by `writePgliteSnapshot`, which an in-memory database starts from
 * instead of an empty cluster (it skips PostgreSQL's initdb and whatever the snapshot's maker ran).
 */
export async function openPglite(dataDir: string, initialData?: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir: inMemory ? 'memory://' : dataDir,
    // the list's search indexes (migration 085_registration_search.sql)
    extensions: { pg_trgm },
    ...(inMemory ? { startParams: IN_MEMORY_START_PARAMS } : {}),
    ...(inMemory && initialData ? { loadDataDir: await openAsBlob(initialData) } : {}),
  });
  return wrapPglite(pg);
}

/**
 * Builds an in-memory database with `prepare` (migrations, seed) and saves its data directory to `file`
 * (an uncompressed tarball: loading it costs less CPU than gunzipping), for `openPglite` to start from.
 */
export async function writePgliteSnapshot(file: string, prepare: (db: Db) => Promise<void>): Promise<void> {
  const pg = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
  try {
    await prepare(wrapPglite(pg));
    // a checkpoint first, so a copy starts without replaying the write-ahead log
    await pg.query('CHECKPOINT');
    const tarball = await pg.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

function wrapPglite(pg: PGlite): Db {
  const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(text, params as unknown[]);
      return result.rows;
    },
  });
  const self = wrap(pg);
  return {
    kind: 'pglite',
    query: self.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
