import { KIOSK_COOKIE, KIOSK_PIN_TRIES } from '@evt/contracts/kiosk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { DEMO_ORGANISER, JSON_WRITE, login } from '../helpers';
import { type Stage, stage } from './granted-members';

// Attack (a first-time organiser's kiosk): kiosk mode ran inside the organiser's signed-in session, so a
// visitor at the desk who tapped the header's logo was in the console and could read every registrant's
// e-mail; "Leave kiosk mode (staff)" asked for nothing. A kiosk is a device session of its own that opens
// the kiosk's form and nothing else, the organiser is signed out on the device, and leaving needs the
// staff PIN (its tries limited) or a sign-in.

const SLUG = 'sii-2027';
const PIN = '730514';
let s: Stage;
let eventId: number;
let formId: number;

/** A browser's cookie jar: what it sends after applying each answer's Set-Cookie lines. */
class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  take(answer: Response): this {
    for (const line of answer.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The organiser signs in on the desk's device and switches it to the event's kiosk: the device's jar. */
async function kioskDevice(): Promise<{ device: Jar; organiserCookie: string }> {
  const organiserCookie = (await login(s.bff.url, DEMO_ORGANISER)).cookie;
  const device = new Jar(organiserCookie);
  const started = await fetch(`${s.bff.url}/api/events/${eventId}/kiosk`, {
    method: 'POST',
    headers: { ...JSON_WRITE, cookie: device.header },
    body: JSON.stringify({ formId, locale: 'en', pin: PIN }),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  device.take(started);
  expect(device.get(KIOSK_COOKIE)).toBeTruthy();
  return { device, organiserCookie };
}

const leave = (cookie: string, body: unknown) =>
  fetch(`${s.bff.url}/api/public/kiosk/leave`, {
    method: 'POST',
    headers: { ...JSON_WRITE, cookie },
    body: JSON.stringify(body),
  });

const expectRefused = async (answer: Response, what: string) => {
  expect(answer.status, what).toBe(401);
  const body = (await answer.json()) as { error?: { code?: string } };
  expect(body.error?.code, what).toMatch(/^errors\./);
};

beforeAll(async () => {
  s = await stage();
  eventId = await s.eventId(SLUG);
  const forms = (await (
    await fetch(`${s.bff.url}/api/automation/eventForms?eventId=${eventId}`, { headers: { cookie: s.owner } })
  ).json()) as { data: { id: number; kind: string }[] };
  formId = forms.data.find((f) => f.kind.startsWith('participant'))?.id as number;
  expect(formId).toBeGreaterThan(0);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('a registration kiosk is a device session of its own', () => {
  it('the device reads no registration, no e-mail and no console route', async () => {
    const { device } = await kioskDevice();
    for (const path of [
      `/events/${eventId}/registrations`,
      `/events/${eventId}/checkins/search?q=a`,
      `/events/${eventId}`,
      '/organizations',
    ])
      await expectRefused(
        await fetch(`${s.bff.url}/api${path}`, { headers: { cookie: device.header } }),
        path,
      );
    // the export is audited: a POST, with the CSRF header a page of the device could send
    await expectRefused(
      await fetch(`${s.bff.url}/api/events/${eventId}/registration-exports`, {
        method: 'POST',
        headers: { ...JSON_WRITE, cookie: device.header },
        body: '{}',
      }),
      'registration-exports',
    );
    const me = await fetch(`${s.bff.url}/api/auth/me`, { headers: { cookie: device.header } });
    expect(JSON.stringify(await me.json())).not.toContain(DEMO_ORGANISER.email);
  });

  it('starting it signs the organiser out on the device: their cookie, replayed, opens nothing', async () => {
    const { organiserCookie } = await kioskDevice();
    await expectRefused(
      await fetch(`${s.bff.url}/api/events/${eventId}/registrations`, {
        headers: { cookie: organiserCookie },
      }),
      'the organiser cookie the device held',
    );
    // the organiser's other devices keep their own sessions
    const elsewhere = await fetch(`${s.bff.url}/api/events/${eventId}/registrations`, {
      headers: { cookie: s.owner },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('the device still registers visitors for its event', async () => {
    const { device } = await kioskDevice();
    const answer = await fetch(`${s.bff.url}/api/public/events/${SLUG}/registrations/participant`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie: device.header },
      body: JSON.stringify({ locale: 'en', data: participantEntry('desk-visitor@venue.example', 'Desk') }),
    });
    expect(answer.status, await answer.text()).toBe(202);
  });

  it('leaving needs the staff PIN', async () => {
    const { device } = await kioskDevice();
    expect((await leave(device.header, {})).status).toBe(400);
    const wrong = await leave(device.header, { pin: '000000' });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('errors.kioskPinWrong');
    expect(device.take(wrong).get(KIOSK_COOKIE)).toBeTruthy();
    const right = await leave(device.header, { pin: PIN });
    expect(right.status).toBe(204);
    expect(device.take(right).get(KIOSK_COOKIE)).toBeUndefined();
  });

  it('guessing the PIN is limited per device, whatever the PIN tried afterwards', async () => {
    const { device } = await kioskDevice();
    const statuses: number[] = [];
    for (let i = 0; i < KIOSK_PIN_TRIES + 2; i++)
      statuses.push((await leave(device.header, { pin: String(100000 + i) })).status);
    expect(statuses).toEqual([...Array(KIOSK_PIN_TRIES).fill(403), 429, 429]);
    // the right PIN waits too: a guesser cannot tell it apart
    expect((await leave(device.header, { pin: PIN })).status).toBe(429);
    // another kiosk's tries are its own
    const other = await kioskDevice();
    expect((await leave(other.device.header, { pin: PIN })).status).toBe(204);
  });

  it('a sign-in on the device ends its kiosk session', async () => {
    const { device } = await kioskDevice();
    const signedIn = await login(s.bff.url, DEMO_ORGANISER, { cookie: device.header });
    expect(signedIn.response.status).toBe(200);
    const line = signedIn.response.headers.getSetCookie().find((l) => l.startsWith(`${KIOSK_COOKIE}=`));
    expect(line).toMatch(/Expires=Thu, 01 Jan 1970/);
    // the ended kiosk's cookie, kept by a visitor, no longer needs a PIN: there is nothing left to leave
    const stale = await leave(`${KIOSK_COOKIE}=${device.get(KIOSK_COOKIE)}`, { pin: '000000' });
    expect(stale.status).toBe(204);
  });
});
