import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger';
import { type RunningBff, startBff, startUpstream, testConfig } from '../helpers';

// The edges of a request: its id, its escapes, and whether an answer that carries a personal token may be
// kept by a cache.

const dir = mkdtempSync(path.join(tmpdir(), 'evt-request-edges-'));
const dist = path.join(dir, 'dist');
let upstream: TestUpstream;
let bff: RunningBff;
let logs = '';
const capture = new Writable({
  write(chunk, _encoding, done) {
    logs += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>SPA</title></head></html>');
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream, { webDistDir: dist }), { logger: createLogger('info', capture) });
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}${pathname}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });

describe('a client-chosen X-Request-Id', () => {
  const idOf = async (inbound: string) =>
    (await get('/api/auth/me', { 'x-request-id': inbound })).headers.get('x-request-id');

  it('is never one that poses as the BFF’s background work', async () => {
    for (const forged of ['jobs-badges-812-3', 'jobs-mailings-1-1', 'JOBS-reminders-9-9']) {
      const id = await idOf(forged);
      expect(id).not.toBe(forged);
      expect(id?.toLowerCase().startsWith('jobs-')).toBe(false);
    }
  });

  it('is kept only when well-formed (a proxy’s: 32 hex digits or a UUID)', async () => {
    for (const junk of ['spoofed-id-0001', 'admin:login:ok', 'a'.repeat(128), '........']) {
      expect(await idOf(junk)).not.toBe(junk);
    }
    const nginx = '0123456789abcdef0123456789abcdef';
    expect(await idOf(nginx)).toBe(nginx);
    const uuid = '3f1c2a4e-9b7d-4e2a-8c1f-0a1b2c3d4e5f';
    expect(await idOf(uuid)).toBe(uuid);
  });
});

describe('a malformed % escape in the path', () => {
  const ATTACKS = [
    '/api/public/events/%ff',
    '/api/public/events/%ff/forms',
    '/api/public/events/%E0%A4%A',
    '/unsubscribe/%ff',
    '/api/invitations/%c0',
    '/events/%ff',
  ];

  it('answers 400 with the JSON error shape and logs no stack', async () => {
    for (const attack of ATTACKS) {
      const before = logs.length;
      const answer = await get(attack, { accept: 'application/json, text/html' });
      expect(answer.status, attack).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await answer.json()) as { error: { code: string; message: string; details: object } };
      expect(body.error.code).toBe('errors.malformedUrl');
      expect(body.error.message).toBeTruthy();
      expect(body.error.details).toHaveProperty('requestId');
      const written = logs.slice(before);
      expect(written).not.toMatch(/"stack"|URIError|request failed/);
    }
  });
});

describe('a page that carries a personal token', () => {
  it('is never stored: the unsubscribe page', async () => {
    for (const token of ['not-a-token', `${'a'.repeat(40)}.${'b'.repeat(43)}`]) {
      const answer = await get(`/unsubscribe/${token}`);
      expect(answer.headers.get('content-type')).toMatch(/html/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('is never stored: the pages whose address holds a code, a key or a token', async () => {
    const pages = [
      '/events-forum-b2b-lyon/b2b-12-abcdefabcdefabcdef',
      '/en/events-forum-b2b-lyon/b2b-12-abcdefabcdefabcdef',
      '/requests/abcdef0123456789',
      '/organizations/intivite/abcdef0123456789',
      '/reset-password?code=123456',
      '/verify-email?code=123456',
      '/auth/change_password?code=123456',
      '/public/registrations/confirm?token=abcdef',
    ];
    for (const page of pages) {
      const answer = await get(page);
      expect(answer.status, page).toBe(200);
      expect(answer.headers.get('cache-control'), page).toBe('no-store');
    }
    // a page without one keeps its revalidated caching
    expect((await get('/about')).headers.get('cache-control')).toBe('no-cache');
  });
});
