import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { openDb } from './db/db';
import { writePgliteSnapshot } from './db/pglite';
import { migrate } from './db/migrate';
import { copyTestDatabase, createTestDatabase, databaseUrlOf, dropTestDatabase } from './db/test-postgres';
import { seedDemo } from './seed/demo';
import { type RunningUpstream, startUpstream, type UpstreamOptions } from './server';

export const WEBHOOK_KEY = 'test-webhook-key-0123456789';

/** Where the run's seeded database snapshot is (set by test-global-setup.ts; the worker processes inherit it). */
export const SNAPSHOT_ENV = 'EVT_TEST_UPSTREAM_SNAPSHOT';

/**
 * The run's seeded database on the shared PostgreSQL server, when it answers (set by test-global-setup.ts):
 * each test's upstream starts on a copy of it, preferred to the snapshot.
 */
export const TEMPLATE_ENV = 'EVT_TEST_UPSTREAM_TEMPLATE';

/** Migrates and seeds (demo data) one in-memory database and saves it to `file`, for every test to copy. */
export async function writeSeededSnapshot(file: string): Promise<void> {
  await writePgliteSnapshot(file, async (db) => {
    await migrate(db);
    await seedDemo(db);
  });
}

/** Migrates and seeds (demo data) a new database on the shared PostgreSQL server, for every test to copy; its name. */
export async function createSeededTemplate(): Promise<string> {
  const name = await createTestDatabase('evt_test_seeded');
  const db = await openDb({ databaseUrl: databaseUrlOf(name) });
  try {
    await migrate(db);
    await seedDemo(db);
  } finally {
    await db.close();
  }
  return name;
}

/** A copy of the run's seeded template, with `drop` to call once done with it; null when the run has none. */
export async function copySeededDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return null;
  const url = await copyTestDatabase(template);
  return { url, drop: () => dropTestDatabase(url) };
}

/** A new empty database on the shared server (the upstream migrates and seeds it), with `drop`. */
async function privateDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = databaseUrlOf(await createTestDatabase());
  return { url, drop: () => dropTestDatabase(url) };
}

/** Polls until `done` holds or `ms` pass (work a route does after its answer: mails, jobs). */
export async function waitFor(done: () => Promise<boolean> | boolean, ms: number, stepMs = 100) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await done()) return true;
    await new Promise((ok) => setTimeout(ok, stepMs));
  }
  return false;
}

export interface TestUpstream extends RunningUpstream {
  call(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  login(email: string, password: string): Promise<string>;
  outbox(): Promise<{ id: number; to: string; subject: string; text: string; links: string[] }[]>;
}

/**
 * The reference upstream on a database of its own with the demo data. Booting, migrating and seeding a
 * PGlite costs about 8 CPU-seconds, so the run makes the seeded database once (test-global-setup.ts) and
 * each upstream starts from a copy: a copy of the PostgreSQL template when the server answers (dropped
 * when the upstream closes), else of the PGlite snapshot; the migrations and the seed still run and find
 * nothing to do. An upstream given its own database or data directory, or no demo data, gets exactly that.
 */
export async function startTestUpstream(
  overrides: Partial<UpstreamOptions> = {},
  /**
   * the engine a test needs whatever the run's default (a behaviour checked on both): PGlite from the
   * run's snapshot (or seeded anew), or PostgreSQL on a copy of the run's template (or a private database)
   */
  engine?: 'pglite' | 'pg',
): Promise<TestUpstream> {
  const options: UpstreamOptions = {
    dataDir: 'memory://',
    webhookHeaderName: DEFAULT_WEBHOOK_HEADER_NAME,
    webhookHeaderValue: WEBHOOK_KEY,
    seedDemo: true,
    ...overrides,
  };
  const copies =
    options.seedDemo === true && !options.databaseUrl && options.dataDir?.startsWith('memory://');
  const copy =
    engine === 'pglite'
      ? null
      : engine === 'pg'
        ? ((await copySeededDatabase()) ?? (await privateDatabase()))
        : copies
          ? await copySeededDatabase()
          : null;
  const snapshot = copies && !copy ? process.env[SNAPSHOT_ENV] : undefined;
  let up: RunningUpstream;
  try {
    up = await startUpstream(
      copy
        ? { ...options, databaseUrl: copy.url }
        : snapshot
          ? { initialData: snapshot, ...options }
          : options,
    );
  } catch (error) {
    await copy?.drop();
    throw error;
  }
  if (copy) {
    const close = up.close;
    up = {
      ...up,
      async close() {
        await close();
        await copy.drop();
      },
    };
  }
  const call: TestUpstream['call'] = (path, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${up.apiUrl}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  return {
    ...up,
    call,
    async login(email, password) {
      const res = await call('/auth/login', { method: 'POST', json: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async outbox() {
      return (await (await fetch(`${up.outboxUrl}/messages`)).json()) as Awaited<
        ReturnType<TestUpstream['outbox']>
      >;
    },
  };
}
