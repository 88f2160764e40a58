import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { agenda, spaceMe } from '@evt/contracts/b2b';
import type { Mailing } from '@evt/contracts/mailings';
import { publicProgramme } from '@evt/contracts/planning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../mailings/render';
import { registerCompany, SERVICE, spaceCall } from '../b2b/test-company';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

// The places that once named an event in its main language: the B2B space and its mails, the
// public programme, mailings' {event} and their unsubscribe page, information requests, badge mails.
const SLUG = 'forum-b2b-lyon';
const EN = 'Lyon B2B Forum (en)';
let up: TestUpstream;
let token: string;
let eventId: number;
let mainName: string;
let englishId: number;
let japaneseId: number;

const hook = (path: string, body: unknown) =>
  up.call(`/webhook${path}`, {
    method: 'POST',
    headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
    json: body,
  });

beforeAll(async () => {
  up = await startTestUpstream();
  token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  // the demo B2B event in French and English, its English name written, its Japanese one not
  const rows = await up.db.query<{ id: number; name: string }>(
    `UPDATE events SET languages = '["fr","en","ja"]', translations = $2 WHERE slug = $1 RETURNING id, name`,
    [SLUG, JSON.stringify({ en: { name: EN, description: '' } })],
  );
  eventId = Number(rows[0]?.id);
  mainName = String(rows[0]?.name);
  // two participants, registered in English (its name written) and in Japanese (not written)
  const people = await up.db.query<{ id: number }>(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale)
     VALUES ($1, 'participant', 'participant', 'confirmed', 'names-en@example.test', 'E', 'E', 'E', 'en'),
            ($1, 'participant', 'participant', 'confirmed', 'names-ja@example.test', 'J', 'J', 'J', 'ja')
     RETURNING id`,
    [eventId],
  );
  [englishId, japaneseId] = people.map((p) => Number(p.id)) as [number, number];
});
afterAll(() => up?.close());

describe('the event name in the reader’s language', () => {
  it('B2B: the space carries the written names, the link mail and the agenda use the company’s language', async () => {
    const address = 'names-b2b@example.test';
    // registered in English (registerCompany's locale)
    const mine = await registerCompany(up, SLUG, address);
    const me = spaceMe.parse(await (await spaceCall(up, 'me', mine, {}, SLUG)).json());
    expect(me.eventTitle).toBe(mainName);
    expect(me.eventTitles).toEqual({ en: EN });
    expect(me.eventLanguages).toEqual(['fr', 'en', 'ja']);
    const mail = (await up.outbox()).find((m) => m.to === address && m.links.some((l) => l.includes('/b2b')));
    expect(mail?.text).toContain(EN);
    expect(mail?.text).not.toContain(mainName);
    const own = agenda.parse(await (await spaceCall(up, 'agenda', mine, {}, SLUG)).json());
    expect(own.eventTitle).toBe(EN);
  });

  it('the public programme carries the written names beside the main one', async () => {
    const res = await up.call(`/public/events/${SLUG}/programme`, { headers: SERVICE });
    const programme = publicProgramme.parse(await res.json());
    expect(programme.event.title).toBe(mainName);
    expect(programme.event.titles).toEqual({ en: EN });
  });

  it('a mailing’s {event} and its unsubscribe page are in the recipient’s language, else the main one', async () => {
    const text = { subject: 'About {{event}}', body: '{{event}}' };
    const created = await up.call(`/events/${eventId}/mailings`, {
      method: 'POST',
      token,
      json: {
        audience: { kinds: ['participant'], statuses: ['confirmed'], profileTypes: [] },
        content: { fr: text, en: text, ja: text },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const mailing = (await created.json()) as Mailing;
    expect(
      (await up.call(`/events/${eventId}/mailings/${mailing.id}/send`, { method: 'POST', token, json: {} }))
        .status,
    ).toBeLessThan(300);
    const due = (await (await hook('/mailing-due', { all: true, limit: 500 })).json()) as {
      recipients: { mailingId: number; recipientId: number; attempt: number }[];
    };
    for (const job of due.recipients.filter((r) => r.mailingId === mailing.id))
      expect((await hook('/mailing-send', job)).status).toBe(200);
    const outbox = await up.outbox();
    expect(outbox.find((m) => m.to === 'names-en@example.test')?.subject).toBe(`About ${EN}`);
    // no Japanese name written: the main one
    expect(outbox.find((m) => m.to === 'names-ja@example.test')?.subject).toBe(`About ${mainName}`);

    // the unsubscribe page (the BFF's, in the recipient's language) names the event in it too
    const rows = await up.db.query<{ id: number }>(
      `SELECT id FROM mailing_recipients WHERE mailing_id = $1 AND locale = 'en'`,
      [mailing.id],
    );
    const info = await up.call(
      `/webhook/mailing-unsubscribe?token=${await unsubscribeToken(up.db, Number(rows[0]?.id))}`,
      { headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY } },
    );
    expect(info.status).toBe(200);
    expect(((await info.json()) as { event: string }).event).toBe(EN);
  });

  it('an information request’s mail names the event in the person’s language, its page gets the written names', async () => {
    for (const registrationId of [englishId, japaneseId]) {
      const asked = await up.call(`/events/${eventId}/requests`, {
        method: 'POST',
        token,
        json: { registrationId, message: 'Please', items: [{ kind: 'text', label: 'VAT' }] },
      });
      expect(asked.status, await asked.clone().text()).toBe(201);
    }
    const mails = await up.outbox();
    const english = mails.find(
      (m) => m.to === 'names-en@example.test' && m.links.some((l) => l.includes('/requests#key=')),
    );
    expect(english?.text).toContain(EN);
    const japanese = mails.find(
      (m) => m.to === 'names-ja@example.test' && m.links.some((l) => l.includes('/requests#key=')),
    );
    expect(japanese?.text).toContain(mainName);
    const link = english?.links.find((l) => l.includes('/requests#key=')) ?? '';
    const view = await up.call('/public/requests/view', {
      method: 'POST',
      headers: SERVICE,
      json: { token: link.slice(link.indexOf('#key=') + '#key='.length) },
    });
    // the page gets the written names and shows its own language's
    expect(((await view.json()) as { event: unknown }).event).toMatchObject({
      title: mainName,
      titles: { en: EN },
      languages: ['fr', 'en', 'ja'],
    });
  });

  it('a badge’s mail and the badge itself name the event in the person’s language', async () => {
    const asked = await up.call(`/events/${eventId}/badge-sends`, {
      method: 'POST',
      token,
      json: { roles: ['participant'] },
    });
    expect(asked.status, await asked.clone().text()).toBeLessThan(300);
    const jobOf = async (registrationId: number) =>
      (
        (await (await hook('/badge-mail', { eventId, registrationId, attempt: 1 })).json()) as {
          job: { subject: string; eventName: string } | null;
        }
      ).job;
    const english = await jobOf(englishId);
    expect(english?.eventName).toBe(EN);
    expect(english?.subject).toContain(EN);
    expect((await jobOf(japaneseId))?.eventName).toBe(mainName);
  });
});
