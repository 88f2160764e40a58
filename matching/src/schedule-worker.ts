/**
 * The worker thread's entry (see ./worker): schedules the input it is given, with HiGHS's proof
 * (./optimum), and posts the result back. Bundled on its own next to each server bundle
 * (scripts/build.mjs: dist/matching-worker.js).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { scheduleProven } from './optimum';
import type { WorkerData } from './worker';

if (!parentPort) throw new Error('schedule-worker runs as a worker thread (see runScheduleInWorker)');
const { input, highsWasm } = workerData as WorkerData;
parentPort.postMessage(await scheduleProven(input, highsWasm));
