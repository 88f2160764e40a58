import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import type { Mailing, MailingBody } from '@evt/contracts/mailings';
import { DEMO_ORGANISER } from '@evt/upstream/seed/demo';
import type { RunningUpstream } from '@evt/upstream/server';
import { startTestUpstream, waitFor } from '@evt/upstream/test-helpers';

export { waitFor };
import { SMTPServer } from 'smtp-server';
import { nodeEntry } from './node-entry';

/**
 * A mailing bench rig shared by tests/integration/mailings.test.ts and the bench (tests/bench/mail.ts): a
 * real SMTP server on loopback counting what arrives per address, the reference upstream in this process
 * sending to it, and job workers as processes of their own (bff/src/jobs/worker-main.ts) on a real Redis.
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Arrival {
  subject: string;
  headers: string;
  /** the first message as it arrived (headers and MIME body) */
  raw: string;
  count: number;
}

export interface SmtpSink {
  url: string;
  /** rcpt address -> what arrived */
  arrivals: Map<string, Arrival>;
  /** messages accepted, duplicates included */
  total(): number;
  close(): Promise<void>;
}

/** Refuses RCPT for addresses that contain `refuse` (550), accepts and counts the rest. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const arrivals = new Map<string, Arrival>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (address.address.includes('refuse')) {
        const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // unfolded: a long header continues on lines that start with a space
        const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
        for (const rcpt of session.envelope.rcptTo) {
          total += 1;
          const seen = arrivals.get(rcpt.address);
          if (seen) seen.count += 1;
          else arrivals.set(rcpt.address, { subject, headers, raw, count: 1 });
        }
        callback();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    arrivals,
    total: () => total,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export const WEBHOOK_VALUE = `hook-${randomBytes(16).toString('hex')}`;
export const PUBLIC_URL = 'https://bff.example';

export interface Rig {
  upstream: RunningUpstream;
  token: string;
  eventId: number;
  close(): Promise<void>;
}

/** The upstream (demo data) sending to `smtpUrl`, the demo organiser signed in, one of their events. */
export async function startRig(smtpUrl: string, databaseUrl?: string): Promise<Rig> {
  // the test helper's start: it copies the run's seeded database when there is one
  const upstream = await startTestUpstream({
    dataDir: 'memory://',
    databaseUrl,
    smtpUrl,
    webhookHeaderName: DEFAULT_WEBHOOK_HEADER_NAME,
    webhookHeaderValue: WEBHOOK_VALUE,
    seedDemo: true,
    publicUrl: PUBLIC_URL,
    logger: { info() {}, warn() {}, error: (o, m) => console.error(m, o) },
  });
  const login = await fetch(`${upstream.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const rows = await upstream.db.query<{ id: number }>(
    `SELECT e.id FROM events e JOIN organization_members m ON m.organization_id = e.organization_id
     JOIN users u ON u.id = m.user_id WHERE u.email = $1 ORDER BY e.id LIMIT 1`,
    [DEMO_ORGANISER.email],
  );
  return { upstream, token, eventId: Number(rows[0]?.id), close: () => upstream.close() };
}

const LOCALE_OF = ['fr', 'en', 'ja'] as const;

/**
 * An event of the demo organiser's of its own, with `n` confirmed participants
 * `mail-{tag}-{i}@audience.test` registered in fr, en and ja in turn.
 */
export async function seedAudience(rig: Rig, n: number, tag: string) {
  const events = await rig.upstream.db.query<{ id: number }>(
    `INSERT INTO events (organization_id, name, slug, start_date, end_date)
     SELECT organization_id, 'Mail ' || $2, 'mail-' || $2, start_date, end_date FROM events WHERE id = $1
     RETURNING id`,
    [rig.eventId, tag],
  );
  const eventId = Number(events[0]?.id);
  await rig.upstream.db.query(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale)
     SELECT $1, 'participant', 'participant', 'confirmed', 'mail-' || $2 || '-' || i || '@audience.test',
            'P' || i, 'Last' || i, 'P' || i, (ARRAY['fr', 'en', 'ja'])[1 + i % 3]
     FROM generate_series(0, $3 - 1) AS i`,
    [eventId, tag, n],
  );
  return {
    eventId,
    who: (i: number) => ({ email: `mail-${tag}-${i}@audience.test`, locale: LOCALE_OF[i % 3] }),
  };
}

/** Subjects carry the language and the first name, so the sink can check who got which. */
export const content = (tag: string): MailingBody['content'] => ({
  fr: {
    subject: `[fr] ${tag} {{firstName}}`,
    body: 'Bonjour {{firstName}}, rendez-vous à {{event}}.\n{{eventLink}}',
  },
  en: {
    subject: `[en] ${tag} {{firstName}}`,
    body: 'Hello {{firstName}}, see you at {{event}}.\n{{eventLink}}',
  },
  ja: {
    subject: `[ja] ${tag} {{firstName}}`,
    body: '{{firstName}}様、{{event}}でお会いしましょう。\n{{eventLink}}',
  },
});

export async function api<T>(
  rig: Rig,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${rig.upstream.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${rig.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A mailing to the event's confirmed participants, sent now. */
export async function sendMailing(rig: Rig, eventId: number, tag: string): Promise<number> {
  const created = await api<Mailing>(rig, 'POST', `/events/${eventId}/mailings`, {
    audience: { kinds: ['participant'], statuses: ['confirmed'], profileTypes: [] },
    content: content(tag),
  });
  if (created.status !== 201) throw new Error(`mailing not created: ${JSON.stringify(created.body)}`);
  const sent = await api<Mailing>(rig, 'POST', `/events/${eventId}/mailings/${created.body.id}/send`, {});
  if (sent.status !== 200) throw new Error(`mailing not sent: ${JSON.stringify(sent.body)}`);
  return created.body.id;
}

export async function mailingOf(rig: Rig, eventId: number, id: number) {
  return (await api<Mailing>(rig, 'GET', `/events/${eventId}/mailings/${id}`)).body;
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** A job worker process of its own on the shared Redis queue. */
export function startWorker(rig: Rig, redisUrl: string, prefix: string, env: Record<string, string> = {}) {
  let output = '';
  const child = spawn(process.execPath, nodeEntry(REPO, 'bff/src/jobs/worker-main.ts'), {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: PUBLIC_URL,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL: redisUrl,
      UPSTREAM_API_URL: rig.upstream.apiUrl,
      AUTOMATION_WEBHOOK_URL: rig.upstream.webhookUrl,
      AUTOMATION_WEBHOOK_HEADER_VALUE: WEBHOOK_VALUE,
      JOBS_KEY_PREFIX: prefix,
      JOBS_LOCK_MS: '2000',
      MAILING_SCAN_MS: '200',
      MAILING_RATE_PER_SECOND: '2000',
      MAILING_CONCURRENCY: '32',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  return { child, output: () => output, exited } satisfies WorkerProcess;
}
