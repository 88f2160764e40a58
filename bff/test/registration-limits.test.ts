import type { TestUpstream } from '@evt/upstream/test-helpers';
import { accepted } from '@evt/contracts/public-registrations';
import { eventForms } from '@evt/contracts/upstream-automation';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../tests/support/participant-entry.mjs';
import { createMemoryQueue } from '../src/jobs/memory-queue';
import { startPromotionExpiry } from '../src/jobs/promotion-expiry';
import { createUpstreamClient } from '../src/upstream/client';
import { JSON_WRITE, type RunningBff, startBff, startUpstream, testConfig, WEBHOOK_KEY } from './helpers';

/**
 * A form's places through the BFF (docs/decisions/registration.md): the visitor's answers (a place on the
 * waiting list, a full form, a form past its closing date) and the job queue's expiry scan.
 */
const SLUG = 'sii-2027';
const SERVICE = { 'x-automation-key': WEBHOOK_KEY, 'content-type': 'application/json' };
let upstream: TestUpstream;
let bff: RunningBff;
let eventId: number;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  eventId = (
    (await (
      await upstream.call(`/public/events/${SLUG}`, { headers: { 'x-automation-key': WEBHOOK_KEY } })
    ).json()) as {
      id: number;
    }
  ).id;
}, 90_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const participantForm = async () => {
  const answer = await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, { headers: SERVICE });
  const form = eventForms.parse(await answer.json()).data.find((f) => f.kind === 'participant');
  if (!form) throw new Error('no participant form');
  return form;
};
async function setLimits(limits: Record<string, unknown>) {
  const form = await participantForm();
  const saved = await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, {
    method: 'POST',
    headers: SERVICE,
    body: JSON.stringify({ id: form.id, kind: form.kind, title: form.title, open: true, ...limits }),
  });
  expect(saved.status).toBe(200);
}
const register = (email: string) =>
  fetch(`${bff.url}/api/public/events/${SLUG}/registrations/participant`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ locale: 'ja', data: participantEntry(email, 'Limits') }),
  });
const codeOf = async (answer: Response) => ((await answer.json()) as { error: { code: string } }).error.code;

describe('a full form and its waiting list, through the BFF', () => {
  it('tells a visitor its place on the waiting list, then that a form without one is full', async () => {
    const form = await participantForm();
    await setLimits({ capacity: form.places?.taken, waitlist: true });
    const first = await register('wait1@example.org');
    expect(first.status).toBe(202);
    expect(accepted.parse(await first.json())).toEqual({
      status: 'waitlisted',
      email: 'w***@example.org',
      place: 1,
    });
    const second = await register('wait2@example.org');
    expect(accepted.parse(await second.json())).toMatchObject({ status: 'waitlisted', place: 2 });

    await setLimits({ waitlist: false });
    const refused = await register('full@example.org');
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('errors.formFull');
  });

  it('refuses a form past its closing date with its own message', async () => {
    await setLimits({ closesAt: new Date(Date.now() - 1000).toISOString() });
    const late = await register('late@example.org');
    expect(late.status).toBe(410);
    expect(await codeOf(late)).toBe('errors.formDeadlinePassed');
    await setLimits({ closesAt: null });
  });

  it('frees a promotion past its deadline on the job queue and promotes the next waiting person', async () => {
    await setLimits({ waitlist: true, capacity: Number((await participantForm()).capacity) + 1 });
    const status = async (email: string) =>
      (
        await upstream.db.query<{ status: string }>('SELECT status FROM registrations WHERE email = $1', [
          email,
        ])
      )[0]?.status;
    expect(await status('wait1@example.org')).toBe('promoted');
    expect(await status('wait2@example.org')).toBe('waitlisted');
    await upstream.db.query(
      `UPDATE registrations SET confirm_by = now() - interval '1 second' WHERE email = 'wait1@example.org'`,
    );
    const logger = pino({ level: 'silent' });
    const queue = createMemoryQueue(logger);
    const client = createUpstreamClient({
      restUrl: upstream.apiUrl,
      webhookUrl: upstream.webhookUrl,
      serviceHeader: { name: 'x-automation-key', value: testConfig(upstream).webhookHeaderValue },
      timeoutMs: 5000,
      logger,
    });
    await startPromotionExpiry(queue, client, { everyMs: 50, logger });
    await expect.poll(() => status('wait2@example.org'), { timeout: 10_000 }).toBe('promoted');
    expect(await status('wait1@example.org')).toBe('cancelled');
    await queue.close();
  });
});
