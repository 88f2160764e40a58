import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { writePgliteSnapshot } from './db/pglite';
import { migrate } from './db/migrate';
import { seedDemo } from './seed/demo';
import { type RunningUpstream, startUpstream, type UpstreamOptions } from './server';

export const WEBHOOK_KEY = 'test-webhook-key-0123456789';

/** Where the run's seeded database snapshot is (set by test-global-setup.ts; the worker processes inherit it). */
export const SNAPSHOT_ENV = 'EVT_TEST_UPSTREAM_SNAPSHOT';

/** Migrates and seeds (demo data) one in-memory database and saves it to `file`, for every test to copy. */
export async function writeSeededSnapshot(file: string): Promise<void> {
  await writePgliteSnapshot(file, async (db) => {
    await migrate(db);
    await seedDemo(db);
  });
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
 * The reference upstream on an in-memory database with the demo data. Booting, migrating and seeding a
 * PGlite costs about 8 CPU-seconds, so when the run made a snapshot (test-global-setup.ts) the database
 * starts from a copy of it instead; the migrations and the seed still run and find nothing to do.
 */
export async function startTestUpstream(overrides: Partial<UpstreamOptions> = {}): Promise<TestUpstream> {
  const options: UpstreamOptions = {
    dataDir: 'memory://',
    webhookHeaderName: DEFAULT_WEBHOOK_HEADER_NAME,
    webhookHeaderValue: WEBHOOK_KEY,
    seedDemo: true,
    ...overrides,
  };
  const snapshot = process.env[SNAPSHOT_ENV];
  const copiesSnapshot =
    snapshot && options.seedDemo === true && !options.databaseUrl && options.dataDir?.startsWith('memory://');
  const up = await startUpstream(copiesSnapshot ? { initialData: snapshot, ...options } : options);
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
