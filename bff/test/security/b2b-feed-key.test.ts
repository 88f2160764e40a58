import { B2B_KEY_HEADER } from '@evt/contracts/b2b';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoB2bCompany, JSON_WRITE, type RunningBff, startBff, startUpstream, testConfig } from '../helpers';

// The `.ics` address a company hands to its calendar provider (kept in proxy logs and shared calendars)
// carried the key of its private space, where requests are accepted or withdrawn and the profile edited.

const SLUG = 'forum-b2b-lyon';
let upstream: TestUpstream;
let bff: RunningBff;
let code = '';
let spaceKey = '';

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  const { demoKey } = await demoB2bCompany(bff.url, upstream, SLUG);
  [code, spaceKey] = demoKey.split('-') as [string, string];
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const space = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${bff.url}/api/public/b2b/${SLUG}${path}`, {
    ...init,
    headers: { ...(init.method ? JSON_WRITE : {}), [B2B_KEY_HEADER]: `${code}-${key}`, ...init.headers },
  });
const feed = (key: string) => fetch(`${bff.url}/api/public/b2b/${SLUG}/calendar/${code}/${key}.ics`);
const feedKeyOf = async (answer: Promise<Response>) => {
  const response = await answer;
  expect(response.status).toBe(200);
  return ((await response.json()) as { feedKey: string }).feedKey;
};

describe('the B2B calendar feed', () => {
  it('is not opened by the space key', async () => {
    const answer = await feed(spaceKey);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('BEGIN:VCALENDAR');
  });

  it('has a key of its own, different from the space key, that opens the feed', async () => {
    const feedKey = await feedKeyOf(space('/feed-key', spaceKey));
    expect(feedKey).not.toBe(spaceKey);
    // asked again, the same address (a subscription keeps working)
    expect(await feedKeyOf(space('/feed-key', spaceKey))).toBe(feedKey);
    const answer = await feed(feedKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
  });

  it('whose key opens nothing else: no read, no request, no profile edit, no new feed key', async () => {
    const feedKey = await feedKeyOf(space('/feed-key', spaceKey));
    const attempts: [string, RequestInit][] = [
      ['/me', {}],
      ['/agenda', {}],
      ['/companies', {}],
      ['/requests', {}],
      ['/profile', {}],
      ['/feed-key', {}],
      ['/feed-key', { method: 'POST', body: '{}' }],
      ['/requests', { method: 'POST', body: JSON.stringify({ toId: 1, message: 'x', online: false }) }],
      ['/requests/1/accept', { method: 'POST', body: '{}' }],
      ['/requests/1/withdraw', { method: 'POST', body: '{}' }],
      ['/profile', { method: 'PUT', body: JSON.stringify({ companyName: 'Taken over' }) }],
    ];
    for (const [path, init] of attempts) {
      const answer = await space(path, feedKey, init);
      expect([400, 404], `${init.method ?? 'GET'} ${path}`).toContain(answer.status);
    }
  });

  it('is revocable on its own: a new feed key ends the old address, the space link stays', async () => {
    const before = await feedKeyOf(space('/feed-key', spaceKey));
    const after = await feedKeyOf(space('/feed-key', spaceKey, { method: 'POST', body: '{}' }));
    expect(after).not.toBe(before);
    expect((await feed(before)).status).toBe(404);
    expect((await feed(after)).status).toBe(200);
    expect((await space('/me', spaceKey)).status).toBe(200);
  });
});
