import { z } from 'zod';
import { checkinResult } from './checkin';
import { eventParams } from './events';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { registrationKind } from './public-registrations';
import { id, msg } from './validation';
import { manifestLocale, webAppManifest } from './web-app-manifest';

/*
 * Check-in that keeps working when the venue's network does not (docs/decisions/event-day.md, "Offline
 * check-in"). A device downloads the event's roster: each confirmed registration with the hash of its
 * badge's code (never the code, never the key), so it can tell a valid badge offline. Scans wait on the
 * device (IndexedDB) and are sent in batches; each carries an id the device drew, so a batch sent twice
 * records once, and the time it was scanned, so the first scan by time wins across devices.
 */

/** The desk a device stands at, named once by the staff on that device. */
export const deskName = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required })
  .max(60, { error: msg.tooLong });

/** A scan: a badge's code, or a person found by name on the device's roster. */
export const deviceScan = z
  .object({
    scanId: z.uuid(),
    code: z.string().trim().min(1).max(200).optional(),
    registrationId: id().optional(),
    desk: deskName,
    scannedAt: z.iso.datetime({ offset: true }),
  })
  .refine((scan) => (scan.code === undefined) !== (scan.registrationId === undefined), {
    error: msg.invalidInput,
  });
export type DeviceScan = z.infer<typeof deviceScan>;

/** At most this many scans per batch: a device back online after a long cut sends several. */
export const SCAN_BATCH_MAX = 200;

export const checkinSyncBody = z.object({ scans: z.array(deviceScan).min(1).max(SCAN_BATCH_MAX) });
export const scanResult = z.object({ scanId: z.uuid(), result: checkinResult });
export type ScanResult = z.infer<typeof scanResult>;
export const checkinSyncResult = z.object({ results: z.array(scanResult) });

/** One line of a device's roster. */
export const rosterEntry = z.object({
  registrationId: z.number().int(),
  lastName: z.string(),
  firstNames: z.string(),
  role: registrationKind,
  checkedInAt: z.string().nullable(),
  checkedInBy: z.string().nullable(),
  desk: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

/**
 * What a device keeps: `hash` is the first 16 bytes of SHA-256 over the badge's code (upper case, hex), so
 * the device recognises a code it is shown and cannot make one.
 */
export const deviceRoster = z.object({
  generatedAt: z.string(),
  entries: z.array(rosterEntry.extend({ hash: z.string().regex(/^[0-9a-f]{32}$/) })),
});
export type DeviceRoster = z.infer<typeof deviceRoster>;

export const checkinManifestQuery = z.object({ event: id(), locale: manifestLocale });

export const checkinDeviceRoutes = {
  sync: defineRoute({
    method: 'POST',
    path: '/events/:id/checkins/sync',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    body: checkinSyncBody,
    responses: { 200: checkinSyncResult, ...commonErrors },
  }),
  /**
   * The check-in page's web app manifest (installable on a desk's phone or tablet): public, it names a page
   * path and nothing of the event (the page itself asks for a session)
   */
  manifest: defineRoute({
    method: 'GET',
    path: '/checkin-manifest',
    kind: 'bff',
    auth: 'public',
    query: checkinManifestQuery,
    responses: { 200: webAppManifest, ...commonErrors },
  }),
  roster: defineRoute({
    method: 'GET',
    path: '/events/:id/checkins/roster',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    responses: { 200: deviceRoster, ...commonErrors },
  }),
} as const;

/** The upstream records scans already verified by the BFF (by registration), and lists the roster. */
export const upstreamScan = z.object({
  scanId: z.uuid(),
  registrationId: z.number().int().positive(),
  desk: deskName,
  scannedAt: z.iso.datetime({ offset: true }),
});
export const ROSTER_PAGE_MAX = 5000;

export const checkinDeviceUpstreamRoutes = {
  recordScans: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/checkins/batch',
    auth: 'user',
    params: eventParams,
    body: z.object({ scans: z.array(upstreamScan).min(1).max(SCAN_BATCH_MAX) }),
    responses: { 200: checkinSyncResult },
  }),
  roster: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id/checkins/roster',
    auth: 'user',
    params: eventParams,
    query: z.object({
      after: z.coerce.number().int().min(0).default(0),
      limit: z.coerce.number().int().min(1).max(ROSTER_PAGE_MAX).default(ROSTER_PAGE_MAX),
    }),
    responses: { 200: z.object({ data: z.array(rosterEntry) }) },
  }),
} as const;
