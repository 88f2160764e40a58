import { REGISTRATION_KINDS } from '@evt/contracts/forms/kinds';
import { formFor } from '@evt/contracts/forms/registry';
import {
  EXPORT_CHUNK_MAX,
  type ExportJob,
  type ExportRun,
  registrationExportUpstreamRoutes as worker,
} from '@evt/contracts/registration-exports';
import type { Logger } from 'pino';
import { exportColumns, exportWords } from '../exports/columns';
import { fileWriter } from '../exports/file-writers';
import type { UpstreamClient } from '../upstream/client';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const EXPORT_QUEUE = 'registration-export';
export const EXPORT_SCAN_QUEUE = 'registration-export-scan';
export const EXPORT_EXPIRY_QUEUE = 'registration-export-expiry';

export interface ExportWorkerOptions {
  /** how often asked-for exports are looked for (ms) */
  scanMs: number;
  /** how often expired exports are removed (ms) */
  expiryMs: number;
  /** exports written at once in this process */
  concurrency: number;
  /** where browsers reach the BFF: the files' links in the export */
  publicUrl: string;
  logger: Logger;
  /** rows read per batch (default: the largest the upstream gives, REGISTRATION_EXPORT_BATCH_MAX) */
  batchSize?: number;
}

/** `export-{export}-{run}`: a run taken again after its worker died is a new run, so a new job. */
export const exportJobId = (run: ExportRun) => `export-${run.exportId}-${run.run}`;

/**
 * Registration exports on the job queue (docs/decisions/registration.md, "Exports"). A scan asks the
 * upstream for exports asked for and not taken (or whose run stopped writing: its worker died), each with a
 * new run number; a job writes its run's file from the start: the upstream reads each batch by keyset with
 * the rights of the person who asked, the job writes the rows into the file as they come and sends the
 * bytes as a chunk with the progress. A chunk of a run that a newer one replaced is refused, and the job
 * stops. Expired exports are removed by a repeatable job.
 */
export function startExportWorker(queue: JobQueue, upstream: UpstreamClient, options: ExportWorkerOptions) {
  const requestId = backgroundRequestIds('exports');
  let firstScan = queue.backend === 'memory';

  queue.work<undefined>(
    EXPORT_SCAN_QUEUE,
    async () => {
      const { exports } = await upstream.call(worker.due, {
        requestId: requestId(),
        body: { all: firstScan, limit: 100 },
      });
      firstScan = false;
      await queue.add(
        EXPORT_QUEUE,
        exports.map((run) => ({ id: exportJobId(run), data: run })),
      );
    },
    { concurrency: 1, attempts: 1 },
  );
  queue.work<ExportRun>(
    EXPORT_QUEUE,
    async (run) => {
      const { job } = await upstream.call(worker.begin, { requestId: requestId(), body: run });
      if (job) await writeExport(upstream, run, job, options, requestId);
    },
    { concurrency: options.concurrency, attempts: 3 },
  );
  queue.work<undefined>(
    EXPORT_EXPIRY_QUEUE,
    async () => {
      const { deleted } = await upstream.call(worker.expire, { requestId: requestId(), body: {} });
      if (deleted) options.logger.info({ deleted }, 'expired exports removed');
    },
    { concurrency: 1, attempts: 1 },
  );
  return Promise.all([
    queue.every(EXPORT_SCAN_QUEUE, options.scanMs),
    queue.every(EXPORT_EXPIRY_QUEUE, options.expiryMs),
  ]);
}

/** One run: every batch read, written and stored in order, then the end of the file. */
async function writeExport(
  upstream: UpstreamClient,
  run: ExportRun,
  job: ExportJob,
  { publicUrl, batchSize }: Pick<ExportWorkerOptions, 'publicUrl' | 'batchSize'>,
  requestId: () => string,
) {
  const kinds = job.filters.kind.length ? job.filters.kind : REGISTRATION_KINDS;
  const forms = Object.fromEntries(kinds.map((kind) => [kind, formFor(kind, job.questions[kind] ?? [])]));
  const words = exportWords(job.locale, job.timeZone);
  const columns = exportColumns(forms, words, (url) => `${publicUrl}/api${url}`);
  const file = fileWriter(job.format, columns, job.timeZone);
  let seq = 0;
  let rowsDone = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await upstream.call(worker.batch, {
      requestId: requestId(),
      body: { ...run, ...(after ? { after } : {}), ...(batchSize ? { limit: batchSize } : {}) },
    });
    if (batch.superseded) return;
    await file.add(batch.data);
    rowsDone += batch.data.length;
    const last = batch.nextCursor === null;
    if (last) await file.end();
    const bytes = file.take();
    // the bytes in chunks the upstream accepts; the progress with each, the end with the last
    for (let at = 0; at === 0 || at < bytes.length; at += EXPORT_CHUNK_MAX) {
      const data = bytes.subarray(at, at + EXPORT_CHUNK_MAX);
      const { superseded } = await upstream.call(worker.write, {
        requestId: requestId(),
        body: {
          ...run,
          seq: seq++,
          data: data.toString('base64'),
          rowsDone,
          done: last && at + EXPORT_CHUNK_MAX >= bytes.length,
        },
      });
      if (superseded) return;
    }
    if (last) return;
    after = batch.nextCursor ?? undefined;
  }
}
