import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

let up: TestUpstream;
let eventId: number;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };
const CONFIRM_URL = 'https://events.example.org/jp/public/registrations/confirm';

beforeAll(async () => {
  up = await startTestUpstream();
  const event = await (await up.call('/public/events/sii-2027', { headers: SERVICE })).json();
  eventId = (event as { id: number }).id;
});
afterAll(() => up?.close());

const register = (email: string, locale: string, lastName: string) =>
  up.call('/public/events/sii-2027/registrations/participant', {
    method: 'POST',
    headers: SERVICE,
    json: { locale, data: participantEntry(email, lastName), confirmUrl: CONFIRM_URL },
  });
/** The mails to `to`, oldest first. */
const mailsTo = async (to: string) =>
  (await up.outbox()).filter((m) => m.to === to).sort((a, b) => a.id - b.id);

describe('registering again with a confirmed address', () => {
  it('tells the owner by mail, in the language of the registration, and answers the page as before', async () => {
    const email = 'again@example.org';
    const first = await register(email, 'ja', 'Tanaka');
    expect(first.status).toBe(202);
    const link = (await mailsTo(email)).at(-1)?.links.find((l) => l.includes('token='));
    const token = new URL(String(link)).searchParams.get('token');
    const confirmed = await up.call('/public/registrations/confirm', {
      method: 'POST',
      headers: SERVICE,
      json: { token },
    });
    expect(confirmed.status).toBe(200);

    // submitted again in another language, with other names
    const again = await register(email, 'en', 'Someone');
    expect(again.status).toBe(202);
    // the visitor's answer is the one a first registration gets: it reveals nothing
    expect(await again.json()).toEqual(await first.clone().json());

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const mail = mails[1];
    expect(mail?.subject).toContain('すでに登録済み');
    expect(mail?.text).toContain('Tanaka');
    expect(mail?.text).not.toContain('Someone');
    // no confirmation link: the event's public page, on the site that asked, in the registration's language
    expect(mail?.links.some((l) => l.includes('token='))).toBe(false);
    expect(mail?.links).toContain(`https://events.example.org/jp/events/${eventId}`);
  });
});
