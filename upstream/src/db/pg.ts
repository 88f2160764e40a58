import pg from 'pg';
import type { Db, Queryable, Row } from './db';

export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const client = await pool.connect();
  client.release();
  const query = async <T extends Row>(text: string, params: readonly unknown[] = []) =>
    (await pool.query(text, params as unknown[])).rows as T[];
  return {
    kind: 'pg',
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const tx: Queryable = {
          query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
            (await conn.query(text, params as unknown[])).rows as T[],
        };
        const result = await fn(tx);
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
