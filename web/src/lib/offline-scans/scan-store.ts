import type { DeviceRoster, DeviceScan } from '@evt/contracts/checkin-offline';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/*
 * What a scanning device keeps while the network is away, in IndexedDB (it outlives a closed page and a
 * restarted phone): the scans not yet sent, each under the id the device drew for it, and the last roster
 * it was given. A scan leaves the store only once the server has answered it.
 */
export interface QueuedScan extends DeviceScan {
  eventId: number;
}

export interface StoredRoster {
  eventId: number;
  roster: DeviceRoster;
  syncedAt: string;
}

interface ScanDb extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { byEvent: number } };
  rosters: { key: number; value: StoredRoster };
}

let opened: Promise<IDBPDatabase<ScanDb>> | null = null;

function database(): Promise<IDBPDatabase<ScanDb>> {
  opened ??= openDB<ScanDb>('evt-offline-scans', 1, {
    upgrade(db) {
      db.createObjectStore('scans', { keyPath: 'scanId' }).createIndex('byEvent', 'eventId');
      db.createObjectStore('rosters', { keyPath: 'eventId' });
    },
  });
  return opened;
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  await (await database()).put('scans', scan);
}

/** The event's scans waiting to be sent, oldest first. */
export async function waitingScans(eventId: number): Promise<QueuedScan[]> {
  const scans = await (await database()).getAllFromIndex('scans', 'byEvent', eventId);
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function forgetScans(scanIds: readonly string[]): Promise<void> {
  const tx = (await database()).transaction('scans', 'readwrite');
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

/** The check-in page's service worker's cache (web/public/checkin-sw.js). */
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
      // what this page loaded before its worker ran: the page, the build's files, its reads
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /^\/(assets|api)\//.test(new URL(url).pathname));
      registration.active?.postMessage({ keep: [window.location.href, ...loaded] });
    })
    .catch(() => undefined);
}

/**
 * Makes the page installable (a desk's phone or tablet opens it full screen): links its web app manifest
 * while the page is shown. Returns the cleanup, for an effect.
 */
export function linkManifest(href: string): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = href;
  document.head.append(link);
  return () => link.remove();
}
