import { parentPort } from 'node:worker_threads';
import type { BadgeModelInput, BadgePerson } from '@evt/contracts/badges';
import { BadgeLayout, createBadgeDoc, drawBadge, faceOf, markProgress } from './draw';
import { signBadgeToken } from './token';

/*
 * The badge PDF's worker thread: the main thread sends the job, then the people page after page; this
 * thread draws them and sends the PDF's bytes back as they come (transferred, not copied). Its memory
 * holds one page of people and the pages pdfkit has not flushed yet.
 */
export interface BadgeJobInit {
  type: 'init';
  title: string;
  eventId: number;
  eventName: string;
  models: Record<string, BadgeModelInput>;
  fallback: BadgeModelInput;
  logo: Uint8Array | null;
  key: Uint8Array;
  total: number;
}
export type ToWorker = BadgeJobInit | { type: 'batch'; people: BadgePerson[] } | { type: 'end' };
export type FromWorker =
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'drawn'; done: number }
  | { type: 'ended' }
  | { type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');

let job: BadgeJobInit | null = null;
let doc: ReturnType<typeof createBadgeDoc> | null = null;
let layout: BadgeLayout | null = null;
let logo: Buffer | null = null;
let key: Buffer = Buffer.alloc(0);
let pending: Buffer[] = [];
let done = 0;

function flush() {
  if (!pending.length) return;
  const data = new Uint8Array(Buffer.concat(pending));
  pending = [];
  const message: FromWorker = { type: 'chunk', data };
  port?.postMessage(message, [data.buffer]);
}

/** pdfkit pushes its bytes from the stream's own callbacks: give them a turn before flushing. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

port.on('message', async (message: ToWorker) => {
  try {
    if (message.type === 'init') {
      job = message;
      key = Buffer.from(message.key);
      logo = message.logo ? Buffer.from(message.logo) : null;
      doc = createBadgeDoc(message.title);
      doc.on('data', (chunk: Buffer) => pending.push(chunk));
      layout = new BadgeLayout(doc);
      return;
    }
    if (!job || !doc || !layout) throw new Error('no job');
    if (message.type === 'batch') {
      for (const person of message.people) {
        const model = job.models[person.role] ?? job.fallback;
        const token = signBadgeToken(key, job.eventId, person.registrationId);
        drawBadge(doc, layout, model, faceOf(person, job.eventName, token), logo);
        markProgress(doc, ++done, job.total);
      }
      await settle();
      flush();
      port.postMessage({ type: 'drawn', done } satisfies FromWorker);
      return;
    }
    const ended = new Promise<void>((resolve) => doc?.on('end', resolve));
    doc.end();
    await ended;
    flush();
    port.postMessage({ type: 'ended' } satisfies FromWorker);
  } catch (error) {
    port.postMessage({ type: 'error', message: (error as Error).message } satisfies FromWorker);
  }
});
