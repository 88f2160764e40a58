import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db';

export async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(inMemory ? 'memory://' : dataDir);
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
