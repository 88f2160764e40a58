import type { TestUpstream } from '@evt/upstream/test-helpers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../tests/support/participant-entry.mjs';
import { JSON_WRITE, type RunningBff, startBff, startUpstream, testConfig } from './helpers';

/**
 * A venue's Wi-Fi puts every visitor behind one address. Submissions are limited per address and
 * e-mail (one person hammering), with a much higher per-address ceiling (a flood of made-up e-mails).
 */
const SLUG = 'sii-2027';
const PER_EMAIL = 3;
const CEILING = 40;
let upstream: TestUpstream;
let bff: RunningBff;
/** every submission this file sends comes from 127.0.0.1: the address ceiling counts them all */
let sent = 0;

function register(email: string) {
  sent++;
  return fetch(`${bff.url}/api/public/events/${SLUG}/registrations/participant`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ locale: 'en', data: participantEntry(email, 'Venue') }),
  });
}

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream, { rateLimitWindowMs: 15 * 60_000 }), {
    logger: pino({ level: 'silent' }),
    publicLimits: { submit: PER_EMAIL, submitAddress: CEILING },
  });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('public submission limits (one venue address)', () => {
  it('lets 30 visitors with different e-mails register from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await register(`visitor${i}@venue.example`)).status);
    expect(statuses).toEqual(Array(30).fill(202));
  });

  it('limits one e-mail hammered from that address, with the real wait, and not the others', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL; i++) statuses.push((await register('hammer@venue.example')).status);
    expect(statuses).toEqual(Array(PER_EMAIL).fill(202));
    // the same address written differently is the same pair
    const limited = await register('  Hammer@Venue.example ');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    // the window is 15 minutes: the wait is minutes, not the 60 s a client would otherwise guess
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = (await limited.json()) as {
      error: { code: string; details: { retryAfterSeconds: number } };
    };
    expect(body.error.code).toBe('errors.rateLimited');
    expect(body.error.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((await register('someone-else@venue.example')).status).toBe(202);
  });

  it('holds the per-address ceiling against a flood of different e-mails', async () => {
    const statuses: number[] = [];
    const before = sent;
    for (let i = 0; before + i < CEILING + 3; i++)
      statuses.push((await register(`flood${i}@venue.example`)).status);
    const allowed = CEILING - before;
    expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(202));
    expect(statuses.slice(allowed)).toEqual([429, 429, 429]);
  });
});
