import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRestUpstream, type RunningBff, startBff, testConfig } from './helpers';

let upstream: Awaited<ReturnType<typeof fakeRestUpstream>>;
let built: RunningBff;
let unbuilt: RunningBff;
const dist = mkdtempSync(path.join(tmpdir(), 'evt-bff-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'builds'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>SPA</title><script type="module" src="/assets/app-abc123.js"></script></head></html>',
  );
  writeFileSync(path.join(dist, 'visitor.html'), '<!doctype html><title>Visitor</title>');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'builds/latest.json'), '{"id":"b1","timestamp":1}');
  upstream = await fakeRestUpstream();
  const urls = { apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` };
  built = await startBff(testConfig(urls, { redisUrl: null, webDistDir: dist }));
  unbuilt = await startBff(testConfig(urls, { redisUrl: null, webDistDir: path.join(dist, 'missing') }));
});
afterAll(async () => {
  await built?.close();
  await unbuilt?.close();
  await upstream?.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('SPA serving', () => {
  it('caches hashed assets for a year and never index.html nor the build manifest', async () => {
    const asset = await fetch(`${built.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const index = await fetch(`${built.url}/`, { headers: html });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>SPA</title>');
    const manifest = await fetch(`${built.url}/builds/latest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ id: 'b1', timestamp: 1 });
    expect((await fetch(`${built.url}/assets/missing.js`)).status).toBe(404);
  });

  it('falls back to index.html for page navigations, with the strict CSP', async () => {
    const page = await fetch(`${built.url}/jp/events/dashboard-3`, { headers: html });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>SPA</title>');
    const csp = page.headers.get('content-security-policy')!;
    for (const part of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('gives each page a fresh style nonce, in its CSP and in its csp-nonce meta; scripts get none', async () => {
    const nonceOf = async () => {
      const page = await fetch(`${built.url}/en/home`, { headers: html });
      const meta = /<meta name="csp-nonce" content="([^"]+)" \/>/.exec(await page.text())?.[1];
      return { meta, csp: page.headers.get('content-security-policy') ?? '' };
    };
    const first = await nonceOf();
    const second = await nonceOf();
    expect(first.meta).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.csp).toContain(`style-src 'self' 'nonce-${first.meta}'`);
    expect(/script-src [^;]*/.exec(first.csp)?.[0]).toBe("script-src 'self'");
    expect(second.meta).not.toBe(first.meta);
    // answers that are not pages keep the nonce-less policy
    const api = await fetch(`${built.url}/api/unknown`);
    expect(api.headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it("serves the visitor's entry for the registration pages only", async () => {
    const title = async (pathname: string) =>
      /<title>(.*)<\/title>/.exec(
        await (await fetch(`${built.url}${pathname}`, { headers: html })).text(),
      )?.[1];
    for (const visitor of [
      '/events-sii-2027/participant',
      '/en/events-sii-2027/exposant',
      '/jp/events-sii-2027/submitted/particapant',
      '/events/12/forms-3/participant',
      '/en/events/participant-12',
      '/events/result-page/success',
      '/en/events/result-page',
      '/jp/public/registrations/confirm',
      '/events-sii-2027/b2b',
      '/en/events/12/forms-3/b2b',
      '/events-sii-2027/submitted/b2b',
      '/events-sii-2027/participant_fipdc',
      '/jp/events/12',
    ])
      expect(await title(visitor), visitor).toBe('Visitor');
    for (const app of [
      '/',
      '/en/events/dashboard-3',
      '/events-sii-2027/unknown-form',
      '/events/dashboard-12',
      '/events/result-page/other',
      '/en/auth/login',
    ])
      expect(await title(app), app).toBe('SPA');
  });

  it('keeps /api and /_dev out of the fallback', async () => {
    const api = await fetch(`${built.url}/api/unknown`, { headers: html });
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('errors.routeNotFound');
    const dev = await fetch(`${built.url}/_dev/outbox`, { headers: html });
    expect(dev.status).toBe(404);
  });

  it('says to run the build when the dist folder is missing', async () => {
    const page = await fetch(`${unbuilt.url}/home`, { headers: html });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
  });

  it('answers health and readiness', async () => {
    expect((await fetch(`${built.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${built.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { sessionStore: 'ok', upstream: 'ok' } });
  });
});
