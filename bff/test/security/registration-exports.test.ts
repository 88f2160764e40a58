import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, login } from '../helpers';
import { type Stage, stage } from './granted-members';

// Attack: an export's id is a small number in the URL. Someone else who guesses it (a member of another
// organisation, or of the same one with the export right) reads its progress or downloads its file, which
// holds what the asker's rights let them read. An export is its asker's alone: anyone else gets 404, on
// the asker's event and on their own, for the status, the list and the file.

let s: Stage;
let eventId: number;
let exportId: number;
let foreign: string;
let colleague: string;
const call = apiCaller(() => s.bff.url);

beforeAll(async () => {
  s = await stage();
  eventId = await s.eventId('sii-2027');
  const started = await call(s.owner, 'POST', `/events/${eventId}/registration-exports`, {
    kind: ['participant'],
    format: 'csv',
    locale: 'en',
    timeZone: 'UTC',
  });
  expect(started.status).toBe(202);
  exportId = started.json.id;
  foreign = (await login(s.bff.url, DEMO_ORGANISER_2)).cookie;
  colleague = await s.memberWith('export-colleague@example.com', eventId, [
    'event:read',
    'registrations:read',
    'registrations:export',
    'registrations:contacts',
  ]);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe("an export is its asker's alone", () => {
  it('the asker reads its state', async () => {
    const own = await call(s.owner, 'GET', `/events/${eventId}/registration-exports/${exportId}`);
    expect(own.status).toBe(200);
    expect(own.json.id).toBe(exportId);
  });

  it("another organisation's member reads neither its state nor its file, by the asker's event or their own", async () => {
    const otherEvent = ((await call(foreign, 'GET', '/organizations')).json.data as { id: number }[])[0]
      ?.id as number;
    const theirEvents = (await call(foreign, 'GET', `/organizations/${otherEvent}/events`)).json.data as {
      id: number;
    }[];
    for (const path of [
      `/events/${eventId}/registration-exports/${exportId}`,
      `/events/${eventId}/registration-exports/${exportId}/file`,
    ])
      expect([403, 404]).toContain((await call(foreign, 'GET', path)).status);
    const listed = await call(foreign, 'GET', `/events/${eventId}/registration-exports`);
    expect([403, 404]).toContain(listed.status);
    for (const event of theirEvents.slice(0, 2)) {
      expect(
        (await call(foreign, 'GET', `/events/${event.id}/registration-exports/${exportId}`)).status,
      ).toBe(404);
      const file = await fetch(`${s.bff.url}/api/events/${event.id}/registration-exports/${exportId}/file`, {
        headers: { cookie: foreign },
      });
      expect(file.status).toBe(404);
    }
  });

  it('a colleague with the export right does not find it either', async () => {
    expect((await call(colleague, 'GET', `/events/${eventId}/registration-exports/${exportId}`)).status).toBe(
      404,
    );
    expect(
      (await call(colleague, 'GET', `/events/${eventId}/registration-exports/${exportId}/file`)).status,
    ).toBe(404);
    const listed = await call(colleague, 'GET', `/events/${eventId}/registration-exports`);
    expect(listed.status).toBe(200);
    expect(listed.json.data).toEqual([]);
  });
});
