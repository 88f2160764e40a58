import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { organization } from '@evt/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, TEMPLATE_ENV } from '../test-helpers';
import { openDb } from './db';
import { migrate, RENAMED_MIGRATIONS } from './migrate';
import pg from 'pg';
import { PG_ADMIN_URL, postgresReachable, withPrivateDatabase } from './test-postgres';

const MIGRATIONS = (await readdir(new URL('./migrations/', import.meta.url)))
  .filter((f) => f.endsWith('.sql'))
  .sort();

// Skipped, not failed, on a machine without PostgreSQL (the embedded engine is the default).
const hasPostgres = await postgresReachable();

describe('migrations', () => {
  it('apply once on PGlite and are recorded', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      expect(await migrate(db)).toEqual(MIGRATIONS);
      expect(await migrate(db)).toEqual([]);
      const tables = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('users', 'events', 'outbox')",
      );
      expect(tables[0]?.n).toBe(3);
    } finally {
      await db.close();
    }
  });

  it('keep a renamed migration applied under its new name, never running it twice', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      await migrate(db);
      // a database migrated before the renames: the old names are what it recorded
      for (const [old, name] of Object.entries(RENAMED_MIGRATIONS))
        await db.query('UPDATE schema_migrations SET name = $1 WHERE name = $2', [old, name]);
      expect(await migrate(db)).toEqual([]);
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(applied.map((r) => r.name).sort()).toEqual(MIGRATIONS);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!hasPostgres)('apply on a real PostgreSQL and the server runs on it', async () => {
    // a private database on the shared server, dropped at the end
    await withPrivateDatabase(async (databaseUrl) => {
      const db = await openDb({ databaseUrl });
      expect(db.kind).toBe('pg');
      await Promise.all([migrate(db), migrate(db)]);
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(applied.map((r) => r.name).sort()).toEqual(MIGRATIONS);
      await db.close();

      const up = await startTestUpstream({ databaseUrl });
      try {
        const token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
        const res = await up.call('/organizations', { token });
        const list = (await res.json()) as { data: unknown[] };
        expect(organization.parse(list.data[0]).name).toBe("Salon International de l'Innovation");
        const image = await up.call(organization.parse(list.data[0]).image ?? '', { token });
        expect(
          Buffer.from(await image.arrayBuffer())
            .subarray(1, 4)
            .toString(),
        ).toBe('PNG');
      } finally {
        await up.close();
      }
    });
  });
});

describe('persistence', () => {
  it('keeps data across a restart on the same data directory, and seeds only once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upstream-'));
    try {
      const first = await startTestUpstream({ dataDir: dir });
      const token = await first.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
      const created = await first.call('/organizations', {
        method: 'POST',
        token,
        json: { name: 'Persisted Org' },
      });
      expect(created.status).toBe(201);
      await first.close();

      const second = await startTestUpstream({ dataDir: dir });
      try {
        // the token survives too: it is stored (hashed) with its expiry
        const res = await second.call('/organizations', { token });
        const names = ((await res.json()) as { data: { name: string }[] }).data.map((o) => o.name);
        expect(names).toEqual(["Salon International de l'Innovation", 'Persisted Org']);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The run's seeded template (test-global-setup.ts), when PostgreSQL answered.
const template = process.env[TEMPLATE_ENV];

describe.skipIf(!template)('the tests’ databases', () => {
  it('gives each test upstream its own copy of the seeded template, dropped when it closes', async () => {
    const [a, b] = await Promise.all([startTestUpstream(), startTestUpstream()]);
    const databaseOf = async (up: typeof a) =>
      (await up.db.query<{ name: string }>('SELECT current_database() AS name'))[0]?.name ?? '';
    const copies = [await databaseOf(a), await databaseOf(b)];
    try {
      expect(copies[0]).toMatch(new RegExp(`^${template}_copy_`));
      expect(copies[1]).not.toBe(copies[0]);
      // demo data in both, and what one writes the other does not see
      const token = await a.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
      expect(
        (await a.call('/organizations', { method: 'POST', token, json: { name: 'Only in a' } })).status,
      ).toBe(201);
      const tokenB = await b.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
      const listB = (await (await b.call('/organizations', { token: tokenB })).json()) as {
        data: { name: string }[];
      };
      expect(listB.data.map((o) => o.name)).toEqual(["Salon International de l'Innovation"]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      const left = await admin.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [copies]);
      expect(left.rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
