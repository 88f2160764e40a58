import { once } from 'node:events';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { type BadgeModelInput, type BadgePerson, defaultBadgeModel } from '@evt/contracts/badges';
import { repoRoot } from '../config/repo-root';
import type { BadgeJobInit, FromWorker, ToWorker } from './render-worker';

/** A badge PDF to draw: the event's models by role, what every badge shares, the signing key. */
export interface BadgeJob {
  title: string;
  eventId: number;
  eventName: string;
  models: Record<string, BadgeModelInput>;
  logo: Buffer | null;
  key: Buffer;
  total: number;
}

/**
 * The worker's file: the bundle's own (bff/dist/badge-worker.js, built beside main.js) once built; from the
 * sources (tests, tsx) the TypeScript file, through a loader that registers tsx first.
 */
function workerFile(): { file: string | URL; execArgv: string[] } {
  if (process.env.EVT_BUNDLED === 'true')
    return { file: path.join(repoRoot(), 'bff/dist/badge-worker.js'), execArgv: [] };
  return { file: new URL('./render-worker-dev.mjs', import.meta.url), execArgv: [] };
}

/**
 * Draws the badges of `pages` (people, page after page) in a worker thread and writes the PDF to `out` as
 * it comes, waiting for `out` to drain before asking for more: memory stays flat whatever the count.
 * Resolves with the number drawn; `signal` (the client gone) stops the worker.
 */
export async function streamBadges(
  job: BadgeJob,
  pages: AsyncIterable<BadgePerson[]>,
  out: Writable,
  signal?: AbortSignal,
): Promise<number> {
  const { file, execArgv } = workerFile();
  // a small heap: the worker holds one page of people and the fonts, and a tight ceiling makes it collect
  // early instead of growing (the bench's peak memory)
  const worker = new Worker(file, {
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  const stop = () => void worker.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  let drawn = 0;
  let failure: Error | null = null;
  let waiting: { type: FromWorker['type']; resolve: () => void } | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'chunk') {
      if (!out.write(message.data)) writes = once(out, 'drain');
      return;
    }
    if (message.type === 'error') failure = new Error(`badge worker: ${message.message}`);
    if (message.type === 'drawn') drawn = message.done;
    if (waiting && (message.type === waiting.type || message.type === 'error')) waiting.resolve();
  });
  const wake = (error: Error) => {
    failure ??= error;
    waiting?.resolve();
  };
  worker.on('error', wake);
  worker.on('exit', () => wake(new Error('badge worker stopped')));
  const until = (type: FromWorker['type']) =>
    new Promise<void>((resolve) => {
      if (failure) resolve();
      else waiting = { type, resolve };
    });
  const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  try {
    const init: BadgeJobInit = {
      type: 'init',
      title: job.title,
      eventId: job.eventId,
      eventName: job.eventName,
      models: job.models,
      fallback: defaultBadgeModel('A6'),
      logo: job.logo ? new Uint8Array(job.logo) : null,
      key: new Uint8Array(job.key),
      total: job.total,
    };
    send(init);
    for await (const people of pages) {
      if (signal?.aborted) break;
      if (!people.length) continue;
      send({ type: 'batch', people });
      await until('drawn');
      if (failure) throw failure;
      await writes;
    }
    if (signal?.aborted) throw new Error('aborted');
    send({ type: 'end' });
    await until('ended');
    if (failure) throw failure;
    await writes;
    return drawn;
  } finally {
    signal?.removeEventListener('abort', stop);
    await worker.terminate();
  }
}
