import type { DeviceRoster, DeviceScan } from '@evt/contracts/checkin-offline';
import type { LeadScan } from '@evt/contracts/leads';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { buildPath } from '@evt/contracts/http';
import { API_PREFIX, apiReadsMade } from '../api-client';

/*
 * What a scanning device keeps while the network is away, in IndexedDB (it outlives a closed page and a
 * restarted phone): the scans not yet sent, each under the id the device drew for it (check-in at the
 * door; an exhibitor's lead scans), and the last check-in roster it was given. A scan leaves the store
 * only once the server has answered it.
 */
export interface QueuedScan extends DeviceScan {
  eventId: number;
}

/** A lead scan waiting on an exhibitor's device, under the stand it was made for (`{event slug}/{code}`). */
export interface QueuedLeadScan extends LeadScan {
  stand: string;
}

export interface StoredRoster {
  eventId: number;
  roster: DeviceRoster;
  syncedAt: string;
}

interface ScanDb extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { byEvent: number } };
  leadScans: { key: string; value: QueuedLeadScan; indexes: { byStand: string } };
  rosters: { key: number; value: StoredRoster };
}

let opened: Promise<IDBPDatabase<ScanDb>> | null = null;

function database(): Promise<IDBPDatabase<ScanDb>> {
  opened ??= openDB<ScanDb>('evt-offline-scans', 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('scans', { keyPath: 'scanId' }).createIndex('byEvent', 'eventId');
        db.createObjectStore('rosters', { keyPath: 'eventId' });
      }
      if (oldVersion < 2)
        db.createObjectStore('leadScans', { keyPath: 'scanId' }).createIndex('byStand', 'stand');
    },
  });
  return opened;
}

/** The queues a device keeps scans in, each with what it is read by: a check-in's event, a lead's stand. */
interface Queues {
  scans: { value: QueuedScan; owner: number; index: 'byEvent' };
  leadScans: { value: QueuedLeadScan; owner: string; index: 'byStand' };
}
const OWNER_INDEX: { [Q in keyof Queues]: Queues[Q]['index'] } = { scans: 'byEvent', leadScans: 'byStand' };

export async function queueScan<Q extends keyof Queues>(queue: Q, scan: Queues[Q]['value']): Promise<void> {
  await (await database()).put(queue, scan as never);
}

/** The scans waiting to be sent for one event (check-in) or stand (leads), oldest first. */
export async function waitingScans<Q extends keyof Queues>(
  queue: Q,
  owner: Queues[Q]['owner'],
): Promise<Queues[Q]['value'][]> {
  const scans = (await (
    await database()
  ).getAllFromIndex(queue, OWNER_INDEX[queue] as never, owner as never)) as Queues[Q]['value'][];
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

/** How many scans wait for one event or stand; none where the browser keeps nothing (some private windows). */
export function countWaiting<Q extends keyof Queues>(queue: Q, owner: Queues[Q]['owner']): Promise<number> {
  return waitingScans(queue, owner).then(
    (scans) => scans.length,
    () => 0,
  );
}

export async function forgetScans(queue: keyof Queues, scanIds: readonly string[]): Promise<void> {
  const tx = (await database()).transaction(queue, 'readwrite');
  await Promise.all([...scanIds.map((id) => tx.store.delete(id)), tx.done]);
}

export async function saveRoster(stored: StoredRoster): Promise<void> {
  await (await database()).put('rosters', stored);
}

export async function readRoster(eventId: number): Promise<StoredRoster | undefined> {
  return (await database()).get('rosters', eventId);
}

/** How a device names a badge's code in its roster: the first 16 bytes of SHA-256, hex (as the server). */
export async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code.trim().toUpperCase()));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The scanning pages' service worker's cache (web/public/checkin-sw.js). */
const PAGE_CACHE = 'evt-checkin-v1';

/**
 * On sign-out: what a device kept of people and pages (rosters, the check-in page and its reads) goes;
 * scans still waiting stay (codes only), to be sent at the next sign-in on this device.
 */
export async function forgetKeptPeople(): Promise<void> {
  await Promise.allSettled([
    globalThis.caches?.delete(PAGE_CACHE),
    Promise.resolve()
      .then(database)
      .then((db) => db.clear('rosters')),
  ]);
}

/** Lets the check-in page at `scope` open again without the network (its service worker). */
export function keepPageOffline(scope: string): void {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  workers
    .register('/checkin-sw.js', { scope })
    .then(() => workers.ready)
    .then((registration) => {
      // what this page loaded before its worker ran: the page, the build's files, its API reads
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.startsWith('/assets/'));
      const reads = apiReadsMade().map((path) => new URL(path, window.location.origin).href);
      registration.active?.postMessage({ keep: [window.location.href, ...assets, ...reads] });
    })
    .catch(() => undefined);
}

/**
 * Makes the page installable (a desk's phone or tablet opens it full screen): links its web app manifest,
 * the contract's `route` with its path parameters and query, while the page is shown. Returns the cleanup,
 * for an effect.
 */
export function linkManifest(
  route: { path: string },
  params: Record<string, string | number>,
  query: Record<string, string>,
): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `${buildPath(`${API_PREFIX}${route.path}`, params)}?${new URLSearchParams(query)}`;
  document.head.append(link);
  return () => link.remove();
}
