import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routeRulesFile } from '@evt/contracts/route-rules';
import type { RunningGoogleEmulator } from '@evt/upstream/google-emulator/emulator';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideConsent, startGoogleRig } from '../google-test-kit';
import { CSRF, login, type RunningBff, startBff, startUpstream, testConfig } from '../helpers';

// Open redirects found after the sign-in fix: the Google connection's `returnTo` and the route rules had
// their own checks. Every answer must send the browser to a path of this site, whatever the input.

const PUBLIC = 'http://localhost:3000';

/** A Location that a browser resolves on this site: one leading `/`, no `//` or `/\` start, no scheme. */
function expectLocal(location: string | null) {
  expect(location).toBeTruthy();
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location as string, PUBLIC).origin).toBe(PUBLIC);
}

/** A raw request: fetch would rewrite `\` into `/` before sending it, as a browser does. */
function rawGet(url: string, rawPath: string): Promise<{ status: number; location: string | null }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Google connection returns only to a local path', () => {
  let upstream: TestUpstream;
  let emulator: RunningGoogleEmulator;
  let bff: RunningBff;
  let cookie = '';

  beforeAll(async () => {
    upstream = await startUpstream();
    const rig = await startGoogleRig(upstream);
    emulator = rig.emulator;
    bff = await startBff(rig.config);
    ({ cookie } = await login(bff.url));
  });
  afterAll(async () => {
    await bff?.close();
    await emulator?.close();
    await upstream?.close();
  });

  /** Connect with `returnTo`, then Allow or Cancel on the consent page: where the callback sends back. */
  async function connectAndDecide(returnTo: string, decision: 'allow' | 'deny') {
    const start = await fetch(`${bff.url}/api/google/connect?returnTo=${encodeURIComponent(returnTo)}`, {
      redirect: 'manual',
      headers: { cookie, ...CSRF },
    });
    if (start.status !== 303) return { refused: start.status, location: null };
    const back = await decideConsent(emulator.url, start.headers.get('location') as string, { decision });
    const callback = await fetch(`${bff.url}/api/google/callback${back.search}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(callback.status).toBe(303);
    return { refused: 0, location: callback.headers.get('location') };
  }

  const ATTACKS = [
    '/.//evil.example/x',
    '/./evil.example/.././/evil.example/x',
    '/%2e//evil.example/x',
    '/%2E%2E//evil.example/x',
    '/x/..//evil.example/x',
    '/.\\evil.example/x',
  ];

  for (const decision of ['allow', 'deny'] as const) {
    it(`never ends at another site after ${decision === 'allow' ? 'Allow' : 'Cancel'}`, async () => {
      for (const returnTo of ATTACKS) {
        const { refused, location } = await connectAndDecide(returnTo, decision);
        // refused at the start (400) or sent back to a local page: never `//evil.example/...`
        if (refused) expect(refused).toBe(400);
        else expectLocal(location);
      }
    });
  }

  it('still returns to the page the flow started from', async () => {
    const { location } = await connectAndDecide('/events/meetings-1', 'deny');
    expect(location).toBe('/events/meetings-1?google=denied');
  });
});

describe('route rules never build //host', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evt-return-paths-'));
  const dist = path.join(dir, 'dist');
  let bff: RunningBff;

  beforeAll(async () => {
    mkdirSync(dist);
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>SPA</title></head></html>',
    );
    // the documented locale rule on `/**` (docs/operations.md), plus a relative wildcard redirect
    const rules = routeRulesFile.parse({
      rules: { '/**': { locale: 'fr' }, '/old/**': '/new/**' },
    }).rules;
    const none = 'http://127.0.0.1:9';
    bff = await startBff(
      testConfig({ apiUrl: none, webhookUrl: none }, { redisUrl: null, webDistDir: dist, routeRules: rules }),
    );
  });
  afterAll(async () => {
    await bff?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not turn /en//host into Location: //host', async () => {
    for (const attack of ['/en//evil.example/x', '/en/.//evil.example/x', '/en///evil.example']) {
      const { status, location } = await rawGet(bff.url, attack);
      if (status >= 300 && status < 400) expectLocal(location);
    }
  });

  it('does not turn /en/\\host into Location: /\\host', async () => {
    for (const attack of ['/en/\\evil.example', '/en/\\/evil.example/x', '/en/%5Cevil.example']) {
      const { status, location } = await rawGet(bff.url, attack);
      if (status >= 300 && status < 400) expectLocal(location);
    }
  });

  it('keeps a wildcard redirect local', async () => {
    for (const attack of ['/old//evil.example/x', '/old/\\evil.example', '/en/old//evil.example']) {
      const { status, location } = await rawGet(bff.url, attack);
      if (status >= 300 && status < 400) expectLocal(location);
    }
  });

  it('still sends the other languages of a page to its French one', async () => {
    const { status, location } = await rawGet(bff.url, '/en/events?x=1');
    expect(status).toBe(302);
    expect(location).toBe('/events?x=1');
  });
});
