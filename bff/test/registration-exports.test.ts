import { randomBytes } from 'node:crypto';
import { registrationExportUpstreamRoutes as worker } from '@evt/contracts/registration-exports';
import { waitFor } from '@evt/upstream/test-helpers';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { startExportWorker } from '../src/jobs/export-jobs';
import { createJobQueue, type JobQueue } from '../src/jobs/queue';
import { createUpstreamClient, type UpstreamClient } from '../src/upstream/client';
import { apiCaller, WEBHOOK_KEY } from './helpers';
import { type Stage, stage } from './security/granted-members';

// The organiser's export is written by a job: the rows read by keyset batches with the asker's rights, the
// file stored in chunks, the progress in the export's row; a worker stopped mid-export is replaced and the
// file still ends complete, each row once.

let s: Stage;
let eventId: number;
const tag = `x${randomBytes(3).toString('hex')}`;
const N = 300;
const call = apiCaller(() => s.bff.url);
const logger = pino({ level: 'silent' });
const queues: JobQueue[] = [];

const client = () =>
  createUpstreamClient({
    restUrl: s.upstream.apiUrl,
    webhookUrl: s.upstream.webhookUrl,
    serviceHeader: { name: 'x-automation-key', value: WEBHOOK_KEY },
    timeoutMs: 30_000,
    logger,
  });

/** A worker process's job runtime: its own queue in memory, the export work on it, 50 rows a batch. */
async function startWorker(upstream: UpstreamClient) {
  const queue = await createJobQueue({ redisUrl: null, prefix: 'unused', logger });
  queues.push(queue);
  await startExportWorker(queue, upstream, {
    scanMs: 100,
    expiryMs: 60_000,
    concurrency: 2,
    publicUrl: 'https://events.example.org',
    logger,
    batchSize: 50,
  });
  return queue;
}

/** A client whose calls hang after `writes` chunks, until released (then fail): a worker going away. */
function stoppingClient(real: UpstreamClient, writes: number) {
  let written = 0;
  let release = () => {};
  const gate = new Promise<void>((ok) => {
    release = ok;
  });
  const stopping: UpstreamClient = {
    ...real,
    call: async (route, input) => {
      if (written >= writes) {
        await gate;
        throw new Error('worker stopped');
      }
      const answer = await real.call(route, input);
      if ((route as unknown) === worker.write) written += 1;
      return answer;
    },
  };
  return { client: stopping, release };
}

type Export = { id: number; status: string; rowsDone: number; rowsTotal: number };
const statusOf = async (id: number, cookie = s.owner) =>
  (await call(cookie, 'GET', `/events/${eventId}/registration-exports/${id}`)).json as Export;
const start = async (body: Record<string, unknown>, cookie = s.owner) =>
  call(cookie, 'POST', `/events/${eventId}/registration-exports`, {
    kind: ['participant'],
    q: tag,
    locale: 'en',
    timeZone: 'Europe/Paris',
    ...body,
  });
const download = (id: number) =>
  fetch(`${s.bff.url}/api/events/${eventId}/registration-exports/${id}/file`, {
    headers: { cookie: s.owner },
  });

beforeAll(async () => {
  s = await stage();
  eventId = await s.eventId('sii-2027');
  // N participants of one tag: two in three confirmed, a formula in an answer, a fixed moment
  await s.upstream.db.query(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale,
                                data, created_at, confirmed_at)
     SELECT $1, 'participant', 'participant', CASE WHEN i % 3 = 0 THEN 'pending' ELSE 'confirmed' END,
            $2 || '-' || i || '@export.test', 'Awa ' || $2 || i, $2 || i, 'Awa', 'fr',
            jsonb_build_object('occupation', '=HYPERLINK("http://evil.test")', 'telegramNotifications', i % 2 = 0),
            timestamptz '2027-01-15 10:00:00+00' + make_interval(secs => i), NULL
       FROM generate_series(1, $3) AS i`,
    [eventId, tag, N],
  );
}, 180_000);
afterAll(async () => {
  for (const queue of queues) await queue.close();
  await s?.close();
});

describe('registration exports written by the server', () => {
  it('writes the CSV by batches with progress, and ends complete after its worker stopped mid-way', {
    timeout: 120_000,
  }, async () => {
    const asked = await start({ format: 'csv' });
    expect(asked.status).toBe(202);
    expect(asked.json).toMatchObject({ status: 'queued', rowsDone: 0, rowsTotal: N });
    const id = asked.json.id as number;

    // the first worker writes two batches, then goes away
    const first = stoppingClient(client(), 2);
    const firstQueue = await startWorker(first.client);
    expect(await waitFor(async () => (await statusOf(id)).rowsDone === 100, 30_000)).toBe(true);
    expect(await statusOf(id)).toMatchObject({ status: 'running', rowsDone: 100, rowsTotal: N });
    expect((await download(id)).status).toBe(409);
    first.release();
    await firstQueue.close();

    // another worker starts: it takes the export again and writes the whole file
    await startWorker(client());
    expect(await waitFor(async () => (await statusOf(id)).status === 'done', 60_000)).toBe(true);
    expect(await statusOf(id)).toMatchObject({ rowsDone: N, rowsTotal: N });

    const file = await download(id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="registrations-\d+-\d+\.csv"/,
    );
    const bytes = Buffer.from(await file.arrayBuffer());
    // the BOM, so that Excel reads UTF-8
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 3)).toEqual([en.console.export.id, en.registrationsAdmin.columns.kind, 'Status']);
    expect(header).toContain(en.registrationsAdmin.columns.telegram);
    expect(header).toContain(en.forms.fields.occupation.label);
    // every row once, none twice, whatever the first worker wrote
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    // a formula in an answer is written as text; moments in the organiser's clock (Paris: UTC+1 in January)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[1]).toContain('Jan 15, 2027');
    expect(lines[1]).toMatch(/11:0\d/);
  });

  it('writes the Excel file with the filters honoured: dates as dates, text as text', {
    timeout: 120_000,
  }, async () => {
    if (queues.length === 0) await startWorker(client());
    const asked = await start({ format: 'xlsx', status: 'confirmed', sort: 'createdAt' });
    expect(asked.status).toBe(202);
    const id = asked.json.id as number;
    const confirmed = N - Math.floor(N / 3);
    expect(await waitFor(async () => (await statusOf(id)).status === 'done', 60_000)).toBe(true);
    expect(await statusOf(id)).toMatchObject({ rowsDone: confirmed, rowsTotal: confirmed });

    const file = await download(id);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await file.arrayBuffer()) as never);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(confirmed + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe(en.console.export.id);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const created = header.indexOf(en.registrationsAdmin.columns.createdAt) + 1;
    const statusColumn = header.indexOf('Status') + 1;
    const occupation = header.indexOf(en.forms.fields.occupation.label) + 1;
    const second = sheet.getRow(2);
    // sorted by registration: the first confirmed one is i = 1, registered 10:00:01 UTC, 11:00 in Paris
    expect(second?.getCell(created).value).toEqual(new Date('2027-01-15T11:00:01.000Z'));
    expect(second?.getCell(statusColumn).value).toBe('Confirmed');
    expect(second?.getCell(occupation).value).toBe('=HYPERLINK("http://evil.test")');
    expect(second?.getCell(occupation).formula).toBeUndefined();
  });

  it('lists the asker’s recent exports, newest first', async () => {
    const listed = await call(s.owner, 'GET', `/events/${eventId}/registration-exports`);
    expect(listed.status).toBe(200);
    const formats = (listed.json.data as { format: string }[]).map((e) => e.format);
    expect(formats.slice(0, 2)).toEqual(['xlsx', 'csv']);
  });

  it('refuses a member without the export right', async () => {
    const reader = await s.memberWith(`export-reader-${tag}@example.com`, eventId, [
      'event:read',
      'registrations:read',
    ]);
    expect((await start({ format: 'csv' }, reader)).status).toBe(403);
    expect((await call(reader, 'GET', `/events/${eventId}/registration-exports`)).status).toBe(403);
  });

  it('stops an export whose asker lost the export right before the job read it', {
    timeout: 60_000,
  }, async () => {
    for (const queue of queues.splice(0)) await queue.close();
    const email = `export-withdrawn-${tag}@example.com`;
    const exporter = await s.memberWith(email, eventId, [
      'event:read',
      'registrations:read',
      'registrations:export',
    ]);
    const asked = await start({ format: 'csv' }, exporter);
    expect(asked.status).toBe(202);
    const [member] = await s.upstream.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    const withdrawn = await call(s.owner, 'PUT', `/events/${eventId}/rights/members/${member?.id}`, {
      permissions: ['event:read', 'registrations:read'],
    });
    expect(withdrawn.status).toBe(204);
    await startWorker(client());
    // nobody may read its state through the API any more (the asker lost the right): the row says it
    const state = async () =>
      (
        await s.upstream.db.query<{ status: string; error: string | null }>(
          'SELECT status, error FROM registration_exports WHERE id = $1',
          [asked.json.id],
        )
      )[0];
    expect(await waitFor(async () => (await state())?.status === 'failed', 30_000)).toBe(true);
    expect(await state()).toEqual({ status: 'failed', error: 'forbidden' });
    const chunks = await s.upstream.db.query(
      'SELECT 1 FROM registration_export_chunks WHERE export_id = $1',
      [asked.json.id],
    );
    expect(chunks).toHaveLength(0);
  });
});
