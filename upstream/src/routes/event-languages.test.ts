import { event } from '@evt/contracts/events';
import { publicEventDetails } from '@evt/contracts/public-registrations';
import { eventForm } from '@evt/contracts/upstream-automation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { demoOrganisation } from '../test-members';

// An event's name and description, and a form's title, in its languages.
let up: TestUpstream;
let owner: string;
let orgId: number;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
});
afterAll(() => up?.close());

const dates = { startDate: '2027-05-01T09:00:00Z', endDate: '2027-05-02T18:00:00Z' };
const hook = (path: string, body: unknown) =>
  fetch(`${up.webhookUrl}/${path}`, {
    method: 'POST',
    headers: { ...SERVICE, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('event texts in several languages (extension)', () => {
  it('keeps what was written for the other offered languages, and nothing else', async () => {
    const created = await up.call('/events', {
      method: 'POST',
      token: owner,
      json: {
        ...dates,
        name: 'Salon des langues',
        slug: 'salon-des-langues',
        organization: orgId,
        languages: ['fr', 'ja'],
        status: 'published',
        translations: {
          ja: { name: '言語の見本市', description: '' },
          // not a language of the event, and the main one: both dropped
          en: { name: 'Language fair' },
          fr: { name: 'Autre nom' },
        },
      },
    });
    expect(created.status).toBe(201);
    const stored = event.parse(await created.json());
    expect(stored.translations).toEqual({ ja: { name: '言語の見本市', description: '' } });

    // the update replaces them; emptied means not written
    const put = await up.call(`/events/${stored.id}`, {
      method: 'PUT',
      token: owner,
      json: {
        ...dates,
        name: 'Salon des langues',
        languages: ['fr', 'ja', 'en'],
        status: 'published',
        translations: { ja: { name: '', description: '' }, en: { name: 'Language fair' } },
      },
    });
    expect(event.parse(await put.json()).translations).toEqual({
      en: { name: 'Language fair', description: '' },
    });

    const visitor = publicEventDetails.parse(
      await (await up.call('/public/events/salon-des-langues', { headers: SERVICE })).json(),
    );
    expect(visitor).toMatchObject({
      title: 'Salon des langues',
      titles: { en: 'Language fair' },
      descriptions: {},
    });
  });

  it('keeps a form title per language, and a spec client that sends none keeps them', async () => {
    const eventId = 1;
    const created = eventForm.parse(
      await (
        await hook(`event-forms?eventId=${eventId}`, {
          kind: 'sponsor',
          title: 'Sponsors',
          titles: { en: 'Sponsors EN', ja: '' },
        })
      ).json(),
    );
    expect(created.titles).toEqual({ en: 'Sponsors EN' });
    const renamed = eventForm.parse(
      await (
        await hook(`event-forms?eventId=${eventId}`, {
          id: created.id,
          kind: 'sponsor',
          title: 'Mécènes',
          open: false,
        })
      ).json(),
    );
    expect(renamed).toMatchObject({ title: 'Mécènes', titles: { en: 'Sponsors EN' }, open: false });
  });
});
