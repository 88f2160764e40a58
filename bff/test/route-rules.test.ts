import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routeRulesFile } from '@evt/contracts/route-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../src/config/env';
import { fakeRestUpstream, login, type RunningBff, startBff, testConfig } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'evt-route-rules-'));
const dist = path.join(dir, 'dist');

const RULES = {
  rules: {
    '/old-page': '/about',
    '/moved': { redirect: { to: '/contact', status: 301 } },
    '/moved-308': { redirect: { to: '/contact', status: 308 } },
    '/en/promo': '/events',
    '/blog/**': '/news/**',
    '/shop': 'https://shop.example.org/catalogue',
    '/archive/**': { redirect: { to: 'https://archive.example.org/**', status: 302 } },
    '/unsafe/**': '/**',
    '/withdrawn': { gone: true },
    '/english-only': { locale: 'en' },
    '/about': { middleware: 'auth' },
    '/contact': { middleware: 'guest' },
    '/**': { middleware: 'guest' },
  },
};

let upstream: Awaited<ReturnType<typeof fakeRestUpstream>>;
let bff: RunningBff;

beforeAll(async () => {
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>SPA</title></head></html>');
  upstream = await fakeRestUpstream();
  const urls = { apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` };
  const routeRules = routeRulesFile.parse(RULES).rules;
  bff = await startBff(testConfig(urls, { redisUrl: null, webDistDir: dist, routeRules }));
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (pathname: string, cookie?: string) =>
  fetch(`${bff.url}${pathname}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });

describe('route rules: redirects', () => {
  it('keeps a relative redirect in the application, in the request language, with its query', async () => {
    const fr = await page('/old-page?utm=x');
    expect(fr.status).toBe(307);
    expect(fr.headers.get('location')).toBe('/about?utm=x');
    const en = await page('/en/old-page/');
    expect(en.headers.get('location')).toBe('/en/about');
    const jp = await page('/jp/old-page');
    expect(jp.headers.get('location')).toBe('/jp/about');
  });

  it('answers with the status the rule chose', async () => {
    expect((await page('/moved')).status).toBe(301);
    expect((await page('/moved-308')).status).toBe(308);
  });

  it('matches a prefixed key in its locale only', async () => {
    expect((await page('/en/promo')).headers.get('location')).toBe('/en/events');
    const fr = await page('/promo');
    expect(fr.status).toBe(200);
    expect(await fr.text()).toContain('<title>SPA</title>');
  });

  it('carries what is below a /** key to the target', async () => {
    const res = await page('/en/blog/2026/launch');
    expect(res.headers.get('location')).toBe('/en/news/2026/launch');
  });

  it('leaves the application for an absolute target, without the query', async () => {
    const res = await page('/jp/shop?code=secret');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://shop.example.org/catalogue');
    const deep = await page('/archive/2019/report');
    expect(deep.status).toBe(302);
    expect(deep.headers.get('location')).toBe('https://archive.example.org/2019/report');
  });

  it('never builds a protocol-relative or backslash redirect from the path', async () => {
    for (const attempt of ['/unsafe//evil.example', '/unsafe/%5Cevil.example', '/unsafe/\\evil.example']) {
      const res = await page(attempt);
      const location = res.headers.get('location');
      // no redirect at all, or one that a browser resolves to this origin
      if (location) expect(new URL(location, bff.url).origin, attempt).toBe(new URL(bff.url).origin);
    }
    // a deeper tail stays local
    expect((await page('/unsafe/a/b')).headers.get('location')).toBe('/a/b');
  });
});

describe('route rules: overrides', () => {
  it('marks a withdrawn page gone (410) in every locale', async () => {
    const res = await page('/jp/withdrawn');
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('<html lang="ja">');
    expect((await page('/withdrawn')).status).toBe(410);
  });

  it('holds a page to one language', async () => {
    const fr = await page('/english-only?x=1');
    expect(fr.status).toBe(302);
    expect(fr.headers.get('location')).toBe('/en/english-only?x=1');
    expect((await page('/jp/english-only')).headers.get('location')).toBe('/en/english-only');
    expect((await page('/en/english-only')).status).toBe(200);
  });

  it('auth: a visitor without a session goes to sign-in and comes back; a signed-in user stays', async () => {
    const anonymous = await page('/en/about?tab=1');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(
      `/en/auth/login?redirect=${encodeURIComponent('/en/about?tab=1')}`,
    );
    const { cookie } = await login(bff.url, { email: 'someone@example.org', password: 'whatever-1' });
    expect((await page('/en/about', cookie)).status).toBe(200);
  });

  it('guest: a signed-in user goes to /home; a visitor stays', async () => {
    expect((await page('/jp/contact')).status).toBe(200);
    const { cookie } = await login(bff.url, { email: 'someone@example.org', password: 'whatever-1' });
    const res = await page('/jp/contact', cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/jp/home');
  });

  it('leaves the API, assets and other methods alone, even under a /** rule', async () => {
    const { cookie } = await login(bff.url, { email: 'someone@example.org', password: 'whatever-1' });
    const me = await fetch(`${bff.url}/api/auth/me`, { headers: { cookie }, redirect: 'manual' });
    expect(me.status).toBe(200);
    expect((await fetch(`${bff.url}/assets/x.js`, { headers: { cookie }, redirect: 'manual' })).status).toBe(
      404,
    );
    expect((await fetch(`${bff.url}/healthz`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
  });
});

describe('ROUTE_RULES_FILE at boot', () => {
  const boot = (content: string | null) => {
    const file = path.join(dir, `rules-${Math.random().toString(36).slice(2)}.json`);
    if (content !== null) writeFileSync(file, content);
    return () => loadEnv({ ROUTE_RULES_FILE: file });
  };
  const problems = (content: string | null) => {
    try {
      boot(content)();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message;
    }
    throw new Error('the file was accepted');
  };

  it('loads a valid file', () => {
    const env = boot(JSON.stringify(RULES))();
    expect(env.routeRules?.['/moved']?.redirect).toEqual({ to: '/contact', status: 301 });
    expect(env.routeRules?.['/old-page']?.redirect).toEqual({ to: '/about', status: 307 });
    expect(loadEnv({}).routeRules).toBeNull();
  });

  it('stops with a clear line for a missing file or bad JSON', () => {
    expect(problems(null)).toMatch(/ROUTE_RULES_FILE: .*rules-\w+\.json: cannot be read \(ENOENT\)/);
    expect(problems('{ rules: ')).toMatch(/ROUTE_RULES_FILE: .*: not JSON/);
  });

  it('refuses unsafe targets: javascript:, data:, protocol-relative, backslash, credentials', () => {
    for (const to of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      'https://user:pass@evil.example',
      'ftp://files.example',
    ]) {
      const text = problems(JSON.stringify({ rules: { '/x': to } }));
      expect(text, to).toContain('ROUTE_RULES_FILE');
      expect(text, to).toContain('["rules"]["/x"]');
    }
  });

  it('refuses bad statuses, unknown fields, bad keys and contradictory rules', () => {
    expect(problems(JSON.stringify({ rules: { '/x': { redirect: { to: '/y', status: 303 } } } }))).toContain(
      'must be 301, 302, 307 or 308',
    );
    expect(problems(JSON.stringify({ rules: { '/x': { gone: true, redirect: '/y' } } }))).toContain(
      'redirect and gone exclude each other',
    );
    expect(problems(JSON.stringify({ rules: { '/x': { hidden: true } } }))).toContain('hidden');
    expect(problems(JSON.stringify({ rules: { 'no-slash': { gone: true } } }))).toContain('must be a path');
    expect(problems(JSON.stringify({ rules: { '/a/*/b': { gone: true } } }))).toContain('must be a path');
    expect(problems(JSON.stringify({ rules: { '/x': { middleware: 'admin' } } }))).toContain(
      'must be auth or guest',
    );
  });
});
