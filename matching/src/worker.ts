/**
 * `runScheduleInWorker`: `schedule` with its proven bound (./optimum) in a worker thread, so that a schedule (seconds of CPU) never runs on
 * a server's event loop. One worker per run, ended when it answers (runs are rare: an organiser's click).
 *
 * Where the worker's code is: in a server bundle (scripts/build.mjs defines process.env.EVT_BUNDLED), the
 * matching-worker.js bundled next to it; from the TypeScript sources (vitest, tsx, where esbuild is at hand
 * as a dev dependency), ./schedule-worker.ts bundled in memory on first use and run from a data: URL, as no
 * TypeScript loader reaches a worker thread there (Node 20).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScheduleInput, ScheduleResult } from './api';

const bundled = process.env.EVT_BUNDLED === 'true';

let fromSources: Promise<URL> | null = null;

/** The worker's code: the bundled file, or the sources bundled in memory by esbuild on first use. */
function workerUrl(): Promise<URL> {
  if (bundled) return Promise.resolve(pathToFileURL(path.join(import.meta.dirname, 'matching-worker.js')));
  fromSources ??= import('esbuild').then(async ({ build }) => {
    const entry = fileURLToPath(new URL('./schedule-worker.ts', import.meta.url));
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      // a data: URL is no base for the bundled packages' own look-ups (HiGHS's loader): give them the source's
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) },
    });
    const code = Buffer.from(out.outputFiles[0]!.contents).toString('base64');
    return new URL(`data:text/javascript;base64,${code}`);
  });
  return fromSources;
}

/** What the worker is handed: the programme, and where HiGHS's WebAssembly is (resolved here, where
 * node_modules is reachable: the worker may run from a data: URL). */
export interface WorkerData {
  input: ScheduleInput;
  highsWasm: string;
}
const highsWasm = () => createRequire(import.meta.url).resolve('highs/runtime');

export interface WorkerRunOptions {
  /** ends the run (the promise rejects with the signal's reason) */
  signal?: AbortSignal;
}

export async function runScheduleInWorker(
  input: ScheduleInput,
  options: WorkerRunOptions = {},
): Promise<ScheduleResult> {
  const url = await workerUrl();
  return new Promise<ScheduleResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const data: WorkerData = { input, highsWasm: highsWasm() };
    const worker = new Worker(url, { workerData: data });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(options.signal?.reason));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (result: ScheduleResult) => settle(() => resolve(result)));
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the schedule worker stopped (exit code ${code}) before answering`))),
    );
  });
}
