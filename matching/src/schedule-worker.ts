/**
 * The worker thread's entry (see ./worker): schedules the input it is given and posts the result back.
 * Bundled on its own next to each server bundle (scripts/build.mjs: dist/matching-worker.js).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ScheduleInput } from './api';
import { schedule } from './schedule';

if (!parentPort) throw new Error('schedule-worker runs as a worker thread (see runScheduleInWorker)');
parentPort.postMessage(schedule(workerData as ScheduleInput));
