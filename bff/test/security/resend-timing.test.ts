import { request as httpRequest } from 'node:http';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryQueue } from '../../src/jobs/memory-queue';
import type { JobQueue } from '../../src/jobs/queue';
import { RESEND_QUEUE } from '../../src/jobs/resend-jobs';
import { fakeServer, JSON_WRITE, type RunningBff, startBff, startUpstream, testConfig } from '../helpers';

// The public "send the confirmation again" took 0.13-0.44 s for a pending registrant (a new link, a mail
// through SMTP, while the visitor waited) and 0.02-0.05 s for an unknown address: the timing told who
// registered. The request now does the same for both: it queues the work. Proved without a clock: what
// reaches the upstream while each request is answered, and what each queues.

const SLUG = 'sii-2027';
let upstream: TestUpstream;
let relay: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
/** every request that reached the reference upstream, in order */
const reached: string[] = [];
/** every job queued, with its queue */
const queued: { queue: string; data: unknown }[] = [];
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

/** The product's in-process queue, its adds noted and its work held until the test opens the gate. */
function heldQueue(): JobQueue {
  const queue = createMemoryQueue(pino({ level: 'silent' }));
  return {
    backend: queue.backend,
    async add(name, jobs) {
      for (const job of jobs) queued.push({ queue: name, data: job.data });
      await queue.add(name, jobs);
    },
    work(name, handler, options) {
      queue.work(
        name,
        async (data, job) => {
          await gate;
          await handler(data as never, job);
        },
        options,
      );
    },
    every: (name, ms) => queue.every(name, ms),
    counts: (name) => queue.counts(name),
    close: () => queue.close(),
  };
}

const post = (path: string, body: unknown) =>
  fetch(`${bff.url}/api/public${path}`, { method: 'POST', headers: JSON_WRITE, body: JSON.stringify(body) });
const mailsTo = async (to: string) => (await upstream.outbox()).filter((mail) => mail.to === to);

beforeAll(async () => {
  upstream = await startUpstream();
  const target = new URL(upstream.apiUrl);
  relay = await fakeServer((req, res) => {
    reached.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
    const out = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  bff = await startBff(testConfig({ apiUrl: relay.url, webhookUrl: upstream.webhookUrl }), {
    jobs: heldQueue(),
  });
});
afterAll(async () => {
  await bff?.close();
  await relay?.close();
  await upstream?.close();
});

describe('a resend tells nobody who registered', () => {
  it('does the same on the request path for a pending registrant and an unknown address', async () => {
    const pending = 'pending-resend@example.org';
    const registered = await post(`/events/${SLUG}/registrations/participant`, {
      locale: 'en',
      data: {
        lastName: 'Dupont',
        firstNames: 'Marie',
        email: pending,
        dialCode: '+33',
        phone: '612345678',
        countryOfResidence: 'FR',
        occupation: 'Ingénieure',
        participantType: 'individual',
        sector: 'tech_innovation',
        telegramNotifications: false,
        privacyConsent: true,
      },
    });
    expect(registered.status).toBe(202);
    expect(await mailsTo(pending)).toHaveLength(1);

    const resend = async (email: string) => {
      const from = { reached: reached.length, queued: queued.length };
      const answer = await post('/registrations/resend', { email, eventSlug: SLUG, kind: 'participant' });
      return {
        status: answer.status,
        body: await answer.json(),
        reached: reached.slice(from.reached),
        queued: queued
          .slice(from.queued)
          .map((job) => ({ queue: job.queue, fields: Object.keys(job.data as object).sort() })),
      };
    };
    const forPending = await resend(pending);
    const forUnknown = await resend('nobody-registered@example.org');

    expect(forPending.status).toBe(202);
    expect(forUnknown).toEqual(forPending);
    // nothing reached the upstream while the visitor waited: the work is queued, once, for each
    expect(forPending.reached).toEqual([]);
    expect(forPending.queued).toEqual([
      { queue: RESEND_QUEUE, fields: ['confirmUrl', 'email', 'eventSlug', 'kind'] },
    ]);

    // and the queued work is done: the pending registrant gets a new link, the unknown address nothing
    openGate();
    await expect.poll(() => mailsTo(pending), { timeout: 10_000 }).toHaveLength(2);
    expect(reached.filter((line) => line === 'POST /public/registrations/resend')).toHaveLength(2);
    expect(await mailsTo('nobody-registered@example.org')).toHaveLength(0);
  });
});
