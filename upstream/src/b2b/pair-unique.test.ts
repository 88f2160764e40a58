import { describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed/demo';
import { postgresReachable, withPrivateDatabase } from '../db/test-postgres';

const hasPostgres = await postgresReachable();

/** Two demo companies with no request between them, then a request each way, as two racing sends do. */
async function crossingRequests(db: Db): Promise<PromiseSettledResult<unknown>[]> {
  await migrate(db);
  await seedDemo(db);
  const [pair] = await db.query<{ event_id: number; a: number; b: number }>(
    `SELECT x.event_id, x.id AS a, y.id AS b FROM registrations x JOIN registrations y
       ON y.event_id = x.event_id AND y.id > x.id AND y.kind = 'b2b'
     WHERE x.kind = 'b2b' AND NOT EXISTS (
       SELECT 1 FROM b2b_requests q WHERE (q.from_id = x.id AND q.to_id = y.id) OR (q.from_id = y.id AND q.to_id = x.id))
     ORDER BY x.id, y.id LIMIT 1`,
  );
  const insert = (from: number, to: number) =>
    db.query('INSERT INTO b2b_requests (event_id, from_id, to_id) VALUES ($1, $2, $3)', [
      pair!.event_id,
      from,
      to,
    ]);
  return Promise.allSettled([insert(pair!.a, pair!.b), insert(pair!.b, pair!.a)]);
}

describe('one open request per pair, whichever company asked', () => {
  it('holds in the database on PGlite', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const outcomes = await crossingRequests(db);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    } finally {
      await db.close();
    }
  }, 120_000);

  it.skipIf(!hasPostgres)(
    'holds on PostgreSQL with the two inserts racing',
    async () => {
      await withPrivateDatabase(async (databaseUrl) => {
        const db = await openDb({ databaseUrl });
        try {
          const outcomes = await crossingRequests(db);
          expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        } finally {
          await db.close();
        }
      });
    },
    120_000,
  );
});
