import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_WRITE } from '../helpers';
import { type Stage, stage } from './granted-members';

// Attack: a member who sees e-mail addresses masked (no `registrations:contacts`) searched the list and the
// check-in search with a guessed address: one wrong character turned 1 result into 0, so an address could
// be recovered letter by letter; sorting by e-mail ordered rows by the hidden value. What a caller may not
// read, they may not search, sort or filter by, on every route that matches registrations' text.

let s: Stage;
let eventId: number;
/** a confirmed registration of the event: its address and last name, as the owner reads them */
let person: { email: string; lastName: string };
let reader: string;
let exporter: string;
let scanner: string;

/** a read: a GET of `path`, or, with a body, a POST of it (the export, audited, takes its filters so) */
type Read = { path: string; body?: Record<string, unknown> };
const send = (cookie: string, { path, body }: Read) =>
  fetch(
    `${s.bff.url}/api${path}`,
    body === undefined
      ? { headers: { cookie } }
      : { method: 'POST', headers: { ...JSON_WRITE, cookie }, body: JSON.stringify(body) },
  );
const total = async (cookie: string, read: Read) => {
  const answer = await send(cookie, read);
  expect([200, 202], await answer.clone().text()).toContain(answer.status);
  const body = (await answer.json()) as { total?: number; rowsTotal?: number; data: unknown[] };
  return body.total ?? body.rowsTotal ?? body.data.length;
};
const list = (q: string): Read => ({ path: `/events/${eventId}/registrations?q=${encodeURIComponent(q)}` });
const EXPORT = { format: 'csv', locale: 'en', timeZone: 'UTC' };
/** the export counts at its start the rows its job will write */
const exported = (q: string): Read => ({
  path: `/events/${eventId}/registration-exports`,
  body: { q, ...EXPORT },
});
const checkinSearch = (q: string): Read => ({
  path: `/events/${eventId}/checkins/search?q=${encodeURIComponent(q)}`,
});

beforeAll(async () => {
  s = await stage();
  eventId = await s.eventId('sii-2027');
  const rows = (await s.asOwner(`/events/${eventId}/registrations?status=confirmed&limit=100`)) as {
    data: { email: string; lastName: string }[];
  };
  person = rows.data.find((row) => row.lastName && row.email.includes('@')) as typeof person;
  reader = await s.memberWith('masked-reader@example.com', eventId, ['event:read', 'registrations:read']);
  exporter = await s.memberWith('masked-exporter@example.com', eventId, [
    'event:read',
    'registrations:read',
    'registrations:export',
  ]);
  scanner = await s.memberWith('masked-scanner@example.com', eventId, ['event:read', 'checkin:scan']);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('masked contact data cannot be searched back', () => {
  it('the owner, who reads addresses, finds the person by address on every route (the oracle exists)', async () => {
    expect(await total(s.owner, list(person.email))).toBeGreaterThanOrEqual(1);
    expect(await total(s.owner, exported(person.email))).toBeGreaterThanOrEqual(1);
    expect(await total(s.owner, checkinSearch(person.email))).toBeGreaterThanOrEqual(1);
  });

  it('a reader without contacts finds nobody by address in the list, but still by name', async () => {
    expect(await total(reader, list(person.email))).toBe(0);
    // the letter-by-letter probe: the domain of the address alone finds nobody either
    expect(await total(reader, list(person.email.slice(person.email.indexOf('@'))))).toBe(0);
    expect(await total(reader, list(person.lastName))).toBeGreaterThanOrEqual(1);
  });

  it('the export of a member without contacts matches no address', async () => {
    expect(await total(exporter, exported(person.email))).toBe(0);
    expect(await total(exporter, exported(person.lastName))).toBeGreaterThanOrEqual(1);
  });

  it('the check-in search of a scanner without contacts matches no address', async () => {
    expect(await total(scanner, checkinSearch(person.email))).toBe(0);
    expect(await total(scanner, checkinSearch(person.lastName))).toBeGreaterThanOrEqual(1);
  });

  it('a member without contacts cannot sort by e-mail (the order would tell the hidden value)', async () => {
    for (const sort of ['email', '-email']) {
      const sorted: [string, Read][] = [
        [reader, { path: `/events/${eventId}/registrations?sort=${sort}` }],
        [exporter, { path: `/events/${eventId}/registration-exports`, body: { sort, ...EXPORT } }],
      ];
      for (const [cookie, read] of sorted) {
        expect((await send(cookie, read)).status, `${read.path} ${sort}`).toBe(403);
      }
    }
    const owners = await fetch(`${s.bff.url}/api/events/${eventId}/registrations?sort=email`, {
      headers: { cookie: s.owner },
    });
    expect(owners.status).toBe(200);
  });
});
