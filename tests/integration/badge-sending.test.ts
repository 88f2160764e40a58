import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  type Rig,
  type SmtpSink,
  seedAudience,
  startRig,
  startSmtpSink,
  startWorker,
  type WorkerProcess,
  waitFor,
} from '../support/mailing-rig';

/**
 * The organiser asks, worker processes on the Redis queue draw each badge and mail
 * it into a real SMTP server on loopback. Each confirmed person gets exactly one mail, the PDF attached, in
 * their language, unsubscribed or not; asking again sends nobody a second one.
 */
let sink: SmtpSink;
let rig: Rig;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  rig = await startRig(sink.url);
});
afterAll(async () => {
  if (worker) {
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
  await rig?.close();
  await sink?.close();
});

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The bytes of the message's application/pdf part (base64, as nodemailer writes attachments). */
function pdfOf(raw: string): { filename: string; bytes: Buffer } | null {
  const part =
    /Content-Type: application\/pdf[^\r\n]*(?:\r\n[ \t][^\r\n]*)*\r\n([\s\S]*?)\r\n\r\n([\s\S]*?)\r\n--/i.exec(
      raw,
    );
  if (!part) return null;
  const headers = part[0].slice(0, part[0].indexOf('\r\n\r\n'));
  const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
  return { filename, bytes: Buffer.from((part[2] ?? '').replace(/\s+/g, ''), 'base64') };
}

const SUBJECT = {
  fr: (event: string) => `Votre badge pour ${event}`,
  en: (event: string) => `Your badge for ${event}`,
  ja: (event: string) => `${event} のバッジ`,
};

describe('badge sending through the job queue', () => {
  it('mails each confirmed person their badge once, PDF attached, in their language; a second run sends none', {
    timeout: 300_000,
  }, async () => {
    const n = 9;
    const tag = `b${randomBytes(3).toString('hex')}`;
    const { eventId, who } = await seedAudience(rig, n, tag);
    const event = `Mail ${tag}`;
    // one of them unsubscribed from mailings: a badge is service mail, it still goes
    await rig.upstream.db.query(
      `INSERT INTO mailing_unsubscribes (organization_id, email)
       SELECT organization_id, $2 FROM events WHERE id = $1`,
      [eventId, who(0).email],
    );
    // someone not confirmed gets no badge
    await rig.upstream.db.query(
      `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale)
       VALUES ($1, 'participant', 'participant', 'pending', $2, 'W', 'W', 'W', 'en')`,
      [eventId, `mail-${tag}-waiting@audience.test`],
    );
    const ours = () => [...sink.arrivals.entries()].filter(([address]) => address.includes(`-${tag}-`));

    const asked = await api<{ requested: number; confirmed: number; remaining: number }>(
      rig,
      'POST',
      `/events/${eventId}/badge-sends`,
      { roles: ['participant'] },
    );
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ requested: n, confirmed: n, remaining: 0 });

    worker = startWorker(rig, inject('redisUrl'), `test-${tag}:`);
    const status = async () =>
      (
        await api<{ sent: number; pending: number }>(
          rig,
          'GET',
          `/events/${eventId}/badge-sends?roles=participant`,
        )
      ).body;
    expect(await waitFor(async () => (await status()).sent === n, 180_000, 250), worker.output()).toBe(true);

    expect(ours()).toHaveLength(n);
    for (let i = 0; i < n; i++) {
      const { email, locale } = who(i);
      const arrival = sink.arrivals.get(email);
      expect(arrival?.count, email).toBe(1);
      expect(decodeWords(arrival?.subject ?? '')).toBe(SUBJECT[locale ?? 'fr'](event));
      // service mail: no unsubscribe link
      expect(arrival?.headers).not.toMatch(/^List-Unsubscribe/im);
      const pdf = pdfOf(arrival?.raw ?? '');
      expect(pdf?.filename).toMatch(/^badge-\d+\.pdf$/);
      expect(pdf?.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
    expect(sink.arrivals.has(`mail-${tag}-waiting@audience.test`)).toBe(false);

    // a second "send badges": everyone has theirs, nobody gets another
    const again = await api<{ requested: number; sent: number }>(
      rig,
      'POST',
      `/events/${eventId}/badge-sends`,
      {
        roles: ['participant'],
      },
    );
    expect(again.body).toMatchObject({ requested: 0, sent: n });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(ours().every(([, arrival]) => arrival.count === 1)).toBe(true);
    expect(ours()).toHaveLength(n);
  });
});
