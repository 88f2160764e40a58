import { randomBytes } from 'node:crypto';
import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import type { Mailing } from '@evt/contracts/mailings';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  content,
  mailingOf,
  PUBLIC_URL,
  type Rig,
  type SmtpSink,
  seedAudience,
  sendMailing,
  startRig,
  startSmtpSink,
  startWorker,
  WEBHOOK_VALUE,
  waitFor,
} from '../support/mailing-rig';

/**
 * the proof: mailings through the Redis job queue (worker processes of their own) into a real SMTP
 * server on loopback, counted per address; a worker killed with SIGKILL in the middle of a run.
 */
let sink: SmtpSink;
let rig: Rig;
const redisUrl = () => inject('redisUrl');

beforeAll(async () => {
  sink = await startSmtpSink();
  rig = await startRig(sink.url);
});
afterAll(async () => {
  await rig?.close();
  await sink?.close();
});

const ours = (tag: string) =>
  [...sink.arrivals.entries()].filter(([address]) => address.includes(`-${tag}-`));

describe('mailings on the job queue', () => {
  it('reaches 1,000 recipients once each, in their language, with the unsubscribe headers, through a kill -9', {
    timeout: 900_000,
  }, async () => {
    const tag = `k${randomBytes(3).toString('hex')}`;
    const { eventId, who } = await seedAudience(rig, 1000, tag);
    const prefix = `test-${tag}:`;
    // a slow rate, so that the kill lands in the middle of the run
    const first = startWorker(rig, redisUrl(), prefix, { MAILING_RATE_PER_SECOND: '150' });
    const id = await sendMailing(rig, eventId, tag);
    expect(await waitFor(() => ours(tag).length >= 300, 240_000)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = ours(tag).length;
    expect(atKill).toBeLessThan(1000);
    const second = startWorker(rig, redisUrl(), prefix);
    try {
      expect(
        await waitFor(async () => (await mailingOf(rig, eventId, id)).status === 'sent', 300_000, 250),
      ).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const mailing = await mailingOf(rig, eventId, id);
    const arrived = ours(tag);
    expect(arrived).toHaveLength(1000);
    for (let i = 0; i < 1000; i++) {
      const { email, locale } = who(i);
      const arrival = sink.arrivals.get(email);
      expect(arrival?.count, email).toBe(1);
      expect(arrival?.subject).toBe(`[${locale}] ${tag} P${i}`);
      expect(arrival?.headers).toMatch(
        new RegExp(`^List-Unsubscribe: <${PUBLIC_URL}/unsubscribe/\\d+\\.[\\w-]{22}>`, 'm'),
      );
      expect(arrival?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    expect(mailing.counts.failed).toBe(0);
    expect(mailing.counts.sent).toBe(mailing.counts.total);
  });

  it('marks a refused address failed with the server reason, sends the rest, retries the failed', {
    timeout: 180_000,
  }, async () => {
    const tag = `r${randomBytes(3).toString('hex')}`;
    const { eventId } = await seedAudience(rig, 5, tag);
    await rig.upstream.db.query(`UPDATE registrations SET email = 'refuse-' || email WHERE email LIKE $1`, [
      `mail-${tag}-0@%`,
    ]);
    const worker = startWorker(rig, redisUrl(), `test-${tag}:`);
    try {
      const id = await sendMailing(rig, eventId, tag);
      expect(
        await waitFor(async () => (await mailingOf(rig, eventId, id)).status === 'sent', 60_000, 200),
      ).toBe(true);
      const failed = await api<{ data: { email: string; state: string; error: string }[] }>(
        rig,
        'GET',
        `/events/${eventId}/mailings/${id}/recipients?state=failed`,
      );
      expect(failed.body.data).toHaveLength(1);
      expect(failed.body.data[0]?.email).toContain('refuse-');
      expect(failed.body.data[0]?.error).toMatch(/550.*No such user/);
      expect(ours(tag)).toHaveLength(4);
      const retried = await api<Mailing>(rig, 'POST', `/events/${eventId}/mailings/${id}/retry`);
      expect(retried.body.counts.queued).toBe(1);
      expect(
        await waitFor(
          async () =>
            (await mailingOf(rig, eventId, id)).counts.failed === 1 &&
            (await mailingOf(rig, eventId, id)).status === 'sent',
          30_000,
          200,
        ),
      ).toBe(true);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });

  it('sends nothing more to an address after its one-click unsubscribe', { timeout: 180_000 }, async () => {
    const tag = `u${randomBytes(3).toString('hex')}`;
    const { eventId } = await seedAudience(rig, 3, tag);
    const worker = startWorker(rig, redisUrl(), `test-${tag}:`);
    try {
      const id = await sendMailing(rig, eventId, tag);
      expect(
        await waitFor(async () => (await mailingOf(rig, eventId, id)).status === 'sent', 60_000, 200),
      ).toBe(true);
      const headers = sink.arrivals.get(`mail-${tag}-1@audience.test`)?.headers ?? '';
      const token = /unsubscribe\/([\w.-]+)>/.exec(headers)?.[1] ?? '';
      const hook = (path: string, body: unknown) =>
        fetch(`${rig.upstream.webhookUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_VALUE },
          body: JSON.stringify(body),
        });
      // a forged token is refused
      expect(
        (await hook('/mailing-unsubscribe', { token: `${token.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA` }))
          .status,
      ).toBe(404);
      const done = await hook('/mailing-unsubscribe', { token });
      expect(done.status).toBe(200);
      expect(((await done.json()) as { unsubscribed: boolean }).unsubscribed).toBe(true);
      for (const entry of ours(tag)) sink.arrivals.delete(entry[0]);
      const again = await sendMailing(rig, eventId, tag);
      expect(
        await waitFor(async () => (await mailingOf(rig, eventId, again)).status === 'sent', 60_000, 200),
      ).toBe(true);
      expect(
        ours(tag)
          .map(([a]) => a)
          .sort(),
      ).toEqual([`mail-${tag}-0@audience.test`, `mail-${tag}-2@audience.test`]);
      expect((await mailingOf(rig, eventId, again)).counts.unsubscribed).toBe(1);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});

describe('mailing bad input', () => {
  const post = (path: string, body: unknown) =>
    api<{ error: { message: string; details?: { fieldErrors?: Record<string, string[]> } } }>(
      rig,
      'POST',
      `/events/${rig.eventId}/mailings${path}`,
      body,
    );
  const audience = { kinds: ['participant'], statuses: [], profileTypes: [] };

  it('refuses an unknown placeholder and names it', async () => {
    const c = content('x');
    c.en = { subject: c.en?.subject ?? 'x', body: 'Hi {{firstName}} {{nickname}}' };
    const res = await post('', { audience, content: c });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('{{nickname}}');
    expect(res.body.error.details?.fieldErrors?.['content.en.body']).toEqual([
      'mailings.errors.unknownPlaceholder',
    ]);
  });

  it('refuses a body over the limit, an empty audience and a time in the past', async () => {
    const long = content('x');
    long.fr = { subject: long.fr?.subject ?? 'x', body: 'a'.repeat(20_001) };
    const tooLong = await post('', { audience, content: long });
    expect(tooLong.body.error.details?.fieldErrors?.['content.fr.body']).toEqual([
      'mailings.errors.bodyTooLong',
    ]);

    const nobody = await post('', {
      audience: { kinds: ['sponsor'], statuses: ['pending'], profileTypes: [] },
      content: content('x'),
    });
    const empty = await post(`/${(nobody.body as unknown as Mailing).id}/send`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.details?.fieldErrors?.audience).toEqual(['mailings.errors.audienceEmpty']);

    const draft = await post('', { audience, content: content('x') });
    const past = await post(`/${(draft.body as unknown as Mailing).id}/send`, {
      sendAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.error.details?.fieldErrors?.sendAt).toEqual(['mailings.errors.sendAtPast']);
  });
});
