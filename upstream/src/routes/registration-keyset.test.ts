import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { demoOrganisation } from '../test-members';

// The list read by keyset: every row once across pages, whatever the sort, even when hundreds share the
// sort's key (same name, same minute), and a page's `before` cursor gives back the page before it.
let up: TestUpstream;
let owner: string;
let eventId: number;
const TOTAL = 250;

interface Page {
  data: { id: number }[];
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
}
const list = async (query: string): Promise<Page> => {
  const answer = await up.call(`/events/${eventId}/registrations?${query}`, { token: owner });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as Page;
};

beforeAll(async () => {
  up = await startTestUpstream();
  let orgId: number;
  ({ owner, orgId } = await demoOrganisation(up));
  const [event] = await up.db.query<{ id: number }>(
    `INSERT INTO events (organization_id, name, slug, start_date, end_date)
     VALUES ($1, 'Keyset', 'keyset-test', now(), now() + interval '1 day') RETURNING id`,
    [orgId],
  );
  eventId = Number(event?.id);
  // two names, two statuses, one moment for all: the sort keys tie by the hundred
  await up.db.query(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale, created_at)
     SELECT $1, 'participant', 'participant', CASE WHEN i % 2 = 0 THEN 'confirmed' ELSE 'pending' END,
            'k' || i || '@keyset.test', 'X', CASE WHEN i % 3 = 0 THEN 'Martin' ELSE 'Dubois' END, 'X', 'fr',
            '2026-03-01T09:00:00Z'
       FROM generate_series(1, $2) AS i`,
    [eventId, TOTAL],
  );
});
afterAll(() => up?.close());

describe('the registrations list by keyset', () => {
  it.each(['-createdAt', 'createdAt', 'lastName', '-lastName', 'status', '-email'])(
    'gives every row once, page after page, sorted by %s',
    async (sort) => {
      const seen: number[] = [];
      let page = await list(`sort=${sort}&limit=100`);
      seen.push(...page.data.map((r) => r.id));
      while (page.nextCursor) {
        page = await list(`sort=${sort}&limit=100&after=${page.nextCursor}`);
        seen.push(...page.data.map((r) => r.id));
      }
      expect(seen).toHaveLength(TOTAL);
      expect(new Set(seen).size).toBe(TOTAL);
      // the same order as pages found by their numbers
      const byNumber: number[] = [];
      for (let n = 1; n <= 3; n++)
        byNumber.push(...(await list(`sort=${sort}&limit=100&page=${n}`)).data.map((r) => r.id));
      expect(seen).toEqual(byNumber);
    },
  );

  it('walks back to the page before with its cursor', async () => {
    const first = await list('sort=lastName&limit=100');
    expect(first.prevCursor).toBeNull();
    const second = await list(`sort=lastName&limit=100&after=${first.nextCursor}`);
    const back = await list(`sort=lastName&limit=100&before=${second.prevCursor}`);
    expect(back.data.map((r) => r.id)).toEqual(first.data.map((r) => r.id));
  });

  it('refuses a cursor it did not write', async () => {
    const answer = await up.call(`/events/${eventId}/registrations?after=not-a-cursor`, { token: owner });
    expect(answer.status).toBe(400);
  });
});
