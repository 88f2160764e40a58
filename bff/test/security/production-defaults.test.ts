import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { standaloneConfig } from '@evt/upstream/config';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigFrom } from '../../src/config/app-config';
import { ConfigError, loadEnv } from '../../src/config/env';
import { type EmbeddedUpstream, startEmbeddedUpstream } from '../../src/upstream/embedded';
import { DEMO_ORGANISER, JSON_WRITE, login, type RunningBff, startBff } from '../helpers';

/**
 * The Docker image's default command (NODE_ENV=production, SESSION_SECRET set, no
 * UPSTREAM_API_URL) ran the embedded reference upstream with its demo accounts (README publishes their
 * password) and served /_dev/outbox to anyone: request a password reset, read the code, take the account.
 * /metrics was public on the BFF's port.
 */
const SECRET = randomBytes(32).toString('base64url');
const METRICS_TOKEN = randomBytes(32).toString('base64url');
const NO_UPSTREAM =
  'UPSTREAM_API_URL: required in production (or EMBEDDED_UPSTREAM=true to run the reference upstream in-process)';
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' };

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** The BFF's own entry, run as the image runs it; resolves with its exit code and output. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/main.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  // a BFF that does come up is stopped after a while: the test then fails on its exit code
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('production configuration', () => {
  it("the image's default command refuses to start without an upstream, in one clear line", async () => {
    const { code, output } = await runMain({ ...PRODUCTION, UPSTREAM_DATA_DIR: 'memory://' });
    expect(code).toBe(1);
    expect(output).toContain(NO_UPSTREAM);
    expect(output).not.toContain('BFF listening');
  });

  it('refuses to start without an upstream instead of running the embedded one', () => {
    // an Error given to toThrow compares the whole message: exactly this one line
    expect(() => loadEnv(PRODUCTION)).toThrow(new ConfigError([NO_UPSTREAM]));
  });

  it('refuses the standalone reference upstream seeding the published-password accounts', () => {
    const base = { NODE_ENV: 'production', AUTOMATION_WEBHOOK_HEADER_VALUE: 'k'.repeat(16) };
    expect(standaloneConfig(base)).toMatchObject({ config: { seedDemo: false } });
    expect(standaloneConfig({ ...base, UPSTREAM_SEED_DEMO: 'true' })).toEqual({
      problems: [expect.stringMatching(/^UPSTREAM_SEED_DEMO: never in production/)],
    });
  });
});

describe('production with EMBEDDED_UPSTREAM=true', () => {
  const env = loadEnv({ ...PRODUCTION, EMBEDDED_UPSTREAM: 'true', UPSTREAM_DATA_DIR: 'memory://' });
  let upstream: EmbeddedUpstream;
  let open: RunningBff;
  let guarded: RunningBff;

  beforeAll(async () => {
    upstream = await startEmbeddedUpstream(env, pino({ level: 'silent' }));
    open = await startBff(appConfigFrom(env, upstream));
    guarded = await startBff({ ...appConfigFrom(env, upstream), metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
    await upstream?.close();
  });

  it('seeds no demo account', async () => {
    const { response } = await login(open.url, DEMO_ORGANISER);
    expect(response.status).toBe(401);
  });

  it('never serves the mail outbox, so a reset code cannot be read', async () => {
    const asked = await fetch(`${open.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ email: DEMO_ORGANISER.email }),
    });
    expect(asked.status).toBeLessThan(500);
    for (const path of ['/_dev/outbox', '/_dev/outbox/messages', '/_dev/outbox/messages/1']) {
      const answer = await fetch(`${open.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toMatch(/code=|subject/i);
    }
  });

  it('does not serve /metrics without METRICS_TOKEN', async () => {
    expect((await fetch(`${open.url}/metrics`)).status).toBe(404);
  });

  it('serves /metrics only with the bearer token', async () => {
    expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN.slice(1)}` },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('errors.unauthenticated');
    const right = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('bff_http_requests_total');
  });
});
