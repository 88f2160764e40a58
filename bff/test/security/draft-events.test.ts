import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { JSON_WRITE, WEBHOOK_KEY } from '../helpers';
import { type Stage, stage } from './granted-members';

// Attack: an event still in draft (not announced, its name and venue secret) answered its public page, its
// programme and the programme's `.ics` to anyone who counted up its numeric id. A draft is public nowhere:
// by id or by slug, every public read and the registration answer as for an event that does not exist.

let s: Stage;
let draft: { id: number; slug: string };

const NAME = 'Unannounced Summit';

const publicPaths = (ref: string | number) => [
  `/api/public/events/${ref}`,
  `/api/public/events/${ref}/forms`,
  `/api/public/events/${ref}/programme`,
  `/api/public/events/${ref}/programme.ics`,
];
const register = (ref: string | number) =>
  fetch(`${s.bff.url}/api/public/events/${ref}/registrations/participant`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ locale: 'en', data: participantEntry('early-bird@example.com', 'Draft') }),
  });

beforeAll(async () => {
  s = await stage();
  const created = await s.asOwner('/events', {
    method: 'POST',
    json: {
      name: NAME,
      organization: s.orgId,
      venue: 'Secret venue',
      startDate: '2027-06-01T09:00:00Z',
      endDate: '2027-06-01T18:00:00Z',
    },
  });
  draft = { id: Number(created.id), slug: String(created.slug) };
  expect(created.status).toBe('draft');
  await s.asOwner(`/webhook/event-forms?eventId=${draft.id}`, {
    method: 'POST',
    headers: { 'x-automation-key': WEBHOOK_KEY },
    json: { kind: 'participant', title: 'Participants' },
  });
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('a draft event is public nowhere', () => {
  it.each([
    ['numeric id', () => draft.id],
    ['slug', () => draft.slug],
  ])('its page, forms, programme and .ics answer 404 by %s, naming nothing', async (_, ref) => {
    for (const path of publicPaths(ref())) {
      const answer = await fetch(`${s.bff.url}${path}`);
      const body = await answer.text();
      expect(answer.status, path).toBe(404);
      expect(body, path).not.toContain(NAME);
      expect(body, path).not.toContain('Secret venue');
    }
  });

  it('takes no registration', async () => {
    expect((await register(draft.id)).status).toBe(404);
    expect((await register(draft.slug)).status).toBe(404);
  });

  it('is public once published (the same reads answer)', async () => {
    await s.asOwner(`/events/${draft.id}/status`, { method: 'PUT', json: { status: 'published' } });
    for (const path of publicPaths(draft.id)) {
      const answer = await fetch(`${s.bff.url}${path}`);
      expect(answer.status, path).toBe(200);
    }
  });
});
