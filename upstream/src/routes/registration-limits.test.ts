import { accepted } from '@evt/contracts/public-registrations';
import { registrationList } from '@evt/contracts/registrations';
import { eventForm, eventForms } from '@evt/contracts/upstream-automation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { postgresReachable } from '../db/test-postgres';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

/*
 * A form's places and its waiting list (docs/decisions/registration.md), on both engines: the last place
 * raced for by several visitors at once, promotions on a cancellation, a raised capacity and an expired
 * deadline, and the closing date.
 */
const hasPostgres = await postgresReachable();
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };
const SLUG = 'sii-2027';
const CONFIRM_URL =
  'https://events.example.org/jp/public/registrations/confirm?event=sii-2027&kind=participant';

describe.each([
  { engine: 'pglite' as const, skip: false },
  { engine: 'pg' as const, skip: !hasPostgres },
])('registration limits on $engine', ({ engine, skip }) => {
  let up: TestUpstream;
  let eventId: number;
  let owner: string;

  beforeAll(async () => {
    if (skip) return;
    up = await startTestUpstream({}, engine);
    expect(up.db.kind).toBe(engine);
    eventId = (
      (await (await up.call(`/public/events/${SLUG}`, { headers: SERVICE })).json()) as { id: number }
    ).id;
    owner = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  }, 180_000);
  afterAll(() => up?.close());

  const hook = (path: string, body?: unknown) =>
    fetch(`${up.webhookUrl}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...SERVICE, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  async function participantForm() {
    const forms = eventForms.parse(await (await hook(`event-forms?eventId=${eventId}`)).json()).data;
    const form = forms.find((f) => f.kind === 'participant');
    if (!form) throw new Error('no participant form');
    return form;
  }
  async function setLimits(limits: Record<string, unknown>) {
    const form = await participantForm();
    const saved = await hook(`event-forms?eventId=${eventId}`, {
      id: form.id,
      kind: form.kind,
      title: form.title,
      open: true,
      ...limits,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    return eventForm.parse(await saved.json());
  }
  const register = (email: string, locale = 'en') =>
    up.call(`/public/events/${SLUG}/registrations/participant`, {
      method: 'POST',
      headers: SERVICE,
      json: { locale, data: participantEntry(email, email.split('@')[0] ?? email), confirmUrl: CONFIRM_URL },
    });
  const statusOf = async (email: string) =>
    (
      await up.db.query<{ id: number; status: string; confirm_by: Date | null }>(
        'SELECT id, status, confirm_by FROM registrations WHERE event_id = $1 AND lower(email) = $2',
        [eventId, email],
      )
    )[0];
  const mailsTo = async (to: string) =>
    (await up.outbox()).filter((m) => m.to === to).sort((a, b) => a.id - b.id);
  const act = (registrationId: number, action: string) =>
    up.call(`/events/${eventId}/registrations/${registrationId}/${action}`, {
      method: 'POST',
      token: owner,
      json: { origin: 'https://events.example.org' },
    });

  it.skipIf(skip)('gives the last place to exactly one of five racing visitors without a list', async () => {
    const { places } = await setLimits({ waitlist: false, capacity: null });
    await setLimits({ capacity: Number(places?.taken) + 1 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(`nolist${i}-${engine}@example.org`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('form_full');
    // the one who got the place, submitting again, is refused as a newcomer is (its link goes by mail)
    const winner = await up.db.query<{ email: string }>(
      `SELECT email FROM registrations WHERE event_id = $1 AND email LIKE $2`,
      [eventId, `nolist%-${engine}@example.org`],
    );
    expect(winner).toHaveLength(1);
    const again = await register(String(winner[0]?.email));
    expect(again.status).toBe(409);
    const links = (await mailsTo(String(winner[0]?.email))).filter((m) =>
      m.links.some((l) => l.includes('token=')),
    );
    expect(links).toHaveLength(2);
    const form = await participantForm();
    expect(form.places?.taken).toBe(form.capacity);
  });

  it.skipIf(skip)(
    'gives the last place to one of ten racing visitors, the nine others wait in line',
    async () => {
      const { places } = await setLimits({ waitlist: true });
      await setLimits({ capacity: Number(places?.taken) + 1 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => register(`race${i}-${engine}@example.org`, i % 2 ? 'ja' : 'fr')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
      const bodies = await Promise.all(answers.map(async (a) => accepted.parse(await a.json())));
      expect(bodies.filter((b) => b.status === 'pending')).toHaveLength(1);
      const waiting = bodies.filter((b) => b.status === 'waitlisted');
      expect(waiting.map((b) => b.place).sort((a, b) => Number(a) - Number(b))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      const form = await participantForm();
      expect(form.places).toMatchObject({ taken: form.capacity, waitlisted: 9, promoted: 0 });

      // the organiser's list filters them, each with its place
      const list = registrationList.parse(
        await (
          await up.call(`/events/${eventId}/registrations?status=waitlisted&sort=createdAt&limit=100`, {
            token: owner,
          })
        ).json(),
      );
      expect(list.total).toBe(9);
      expect(list.data.map((r) => r.waitlistPlace).sort((a, b) => Number(a) - Number(b))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);

      // a waiting visitor who submits again: the page answers as it would a newcomer (the place after the
      // last), so that nobody learns who registered; its mail tells it its own place, with no confirmation link
      const first = list.data.find((r) => r.waitlistPlace === 1);
      const again = accepted.parse(await (await register(String(first?.email), 'en')).json());
      expect(again).toMatchObject({ status: 'waitlisted', place: 10 });
      const mails = await mailsTo(String(first?.email));
      expect(mails.at(-1)?.subject).toContain('You are on the waiting list for');
      expect(mails.at(-1)?.text).toContain('at place 1.');
      expect(mails.some((m) => m.links.some((l) => l.includes('token=')))).toBe(false);
      // the one who holds the last place, submitting again: the same answer, and its link again by mail
      const [holder] = await up.db.query<{ email: string }>(
        `SELECT email FROM registrations WHERE event_id = $1 AND status = 'pending' AND email LIKE $2`,
        [eventId, `race%-${engine}@example.org`],
      );
      const holderAgain = accepted.parse(await (await register(String(holder?.email))).json());
      expect(holderAgain).toMatchObject({ status: 'waitlisted', place: 10 });
      expect((await mailsTo(String(holder?.email))).at(-1)?.links.some((l) => l.includes('token='))).toBe(
        true,
      );
    },
  );

  it.skipIf(skip)('promotes the first waiting person when a registered one is cancelled', async () => {
    const waiting = registrationList.parse(
      await (
        await up.call(`/events/${eventId}/registrations?status=waitlisted&limit=100`, { token: owner })
      ).json(),
    ).data;
    const next = waiting.find((r) => r.waitlistPlace === 1);
    const second = waiting.find((r) => r.waitlistPlace === 2);
    const [registered] = await up.db.query<{ id: number }>(
      `SELECT id FROM registrations WHERE event_id = $1 AND status = 'pending' AND email LIKE $2`,
      [eventId, `race%-${engine}@example.org`],
    );
    expect(registered).toBeTruthy();
    const cancelled = await act(Number(registered?.id), 'cancel');
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    const promoted = await statusOf(String(next?.email));
    expect(promoted?.status).toBe('promoted');
    const hours = (Number(promoted?.confirm_by ? new Date(promoted.confirm_by) : 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    // the mail, in the registration's language, with its own confirmation link and the deadline
    const mail = (await mailsTo(String(next?.email))).at(-1);
    const japanese = next?.locale === 'ja';
    expect(mail?.subject).toContain(japanese ? '空きが出ました' : 'Une place s’est libérée');
    const link = mail?.links.find((l) => l.includes('token='));
    expect(link).toMatch(/^https:\/\/events\.example\.org\/jp\/public\/registrations\/confirm\?/);
    // the one who was second is now first
    const detail = await (
      await up.call(`/events/${eventId}/registrations/${second?.id}`, { token: owner })
    ).json();
    expect((detail as { waitlistPlace: number }).waitlistPlace).toBe(1);

    // the link confirms that registration, and only it
    const token = new URL(String(link)).searchParams.get('token');
    const confirm = await up.call('/public/registrations/confirm', {
      method: 'POST',
      headers: SERVICE,
      json: { token },
    });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    expect((await statusOf(String(next?.email)))?.status).toBe('confirmed');
    expect((await statusOf(String(second?.email)))?.status).toBe('waitlisted');
  });

  it.skipIf(skip)('promotes as many as a raised capacity frees, in order', async () => {
    const before = await participantForm();
    const waiting = registrationList
      .parse(
        await (
          await up.call(`/events/${eventId}/registrations?status=waitlisted&limit=100`, { token: owner })
        ).json(),
      )
      .data.sort((a, b) => Number(a.waitlistPlace) - Number(b.waitlistPlace));
    const saved = await setLimits({ capacity: Number(before.capacity) + 2, promotionHours: 1 });
    expect(saved.places).toMatchObject({ promoted: 2, waitlisted: waiting.length - 2 });
    for (const person of waiting.slice(0, 2)) {
      const row = await statusOf(person.email);
      expect(row?.status).toBe('promoted');
      expect((await mailsTo(person.email)).at(-1)?.links.some((l) => l.includes('token='))).toBe(true);
    }
    expect((await statusOf(String(waiting[2]?.email)))?.status).toBe('waitlisted');
  });

  it.skipIf(skip)(
    'frees a promotion past its deadline and promotes the next one (the job scan)',
    async () => {
      const [late] = await up.db.query<{ id: number; email: string }>(
        `SELECT id, email FROM registrations WHERE event_id = $1 AND status = 'promoted' ORDER BY id LIMIT 1`,
        [eventId],
      );
      const nextInLine = registrationList
        .parse(
          await (
            await up.call(`/events/${eventId}/registrations?status=waitlisted&limit=100`, { token: owner })
          ).json(),
        )
        .data.find((r) => r.waitlistPlace === 1);
      // its link, mailed with the promotion, then the deadline passes (as after a restart: the state is in the database)
      const link = (await mailsTo(String(late?.email))).at(-1)?.links.find((l) => l.includes('token='));
      await up.db.query(`UPDATE registrations SET confirm_by = now() - interval '1 minute' WHERE id = $1`, [
        late?.id,
      ]);

      const scan = await hook('registration-promotions-expiry', {});
      expect(scan.status, await scan.clone().text()).toBe(200);
      expect(await scan.json()).toEqual({ expired: 1, promoted: 1 });
      expect((await statusOf(String(late?.email)))?.status).toBe('cancelled');
      expect((await statusOf(String(nextInLine?.email)))?.status).toBe('promoted');
      // a second scan finds nothing more to do
      expect(await (await hook('registration-promotions-expiry', {})).json()).toEqual({
        expired: 0,
        promoted: 0,
      });

      // the late one's link no longer gives a place
      const token = new URL(String(link)).searchParams.get('token');
      const confirm = await up.call('/public/registrations/confirm', {
        method: 'POST',
        headers: SERVICE,
        json: { token },
      });
      expect(confirm.status).toBe(410);
      expect((await statusOf(String(late?.email)))?.status).toBe('cancelled');
    },
  );

  it.skipIf(skip)(
    'gives a place freed without a promotion (an erasure) to the next one at the next scan',
    async () => {
      const [held] = await up.db.query<{ id: number }>(
        `SELECT id FROM registrations WHERE event_id = $1 AND status = 'confirmed' AND email LIKE $2 LIMIT 1`,
        [eventId, `race%-${engine}@example.org`],
      );
      const [next] = await up.db.query<{ email: string }>(
        `SELECT email FROM registrations WHERE event_id = $1 AND status = 'waitlisted'
       ORDER BY waitlisted_at, id LIMIT 1`,
        [eventId],
      );
      const erased = await up.call(`/events/${eventId}/registrations/${held?.id}/personal-data`, {
        method: 'DELETE',
        token: owner,
      });
      expect(erased.status, await erased.clone().text()).toBeLessThan(300);
      expect((await statusOf(String(next?.email)))?.status).toBe('waitlisted');
      expect(await (await hook('registration-promotions-expiry', {})).json()).toEqual({
        expired: 0,
        promoted: 1,
      });
      expect((await statusOf(String(next?.email)))?.status).toBe('promoted');
    },
  );

  it.skipIf(skip)('refuses every registration after the closing date, with its own code', async () => {
    await setLimits({ closesAt: new Date(Date.now() - 60_000).toISOString() });
    const late = await register(`late-${engine}@example.org`);
    expect(late.status).toBe(410);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('form_deadline_passed');
    const reopened = await setLimits({ closesAt: null, capacity: null });
    expect(reopened.closesAt).toBeNull();
    // no limit any more: everyone still waiting got a place
    expect(reopened.places?.waitlisted).toBe(0);
  });
});
