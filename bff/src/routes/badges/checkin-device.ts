import { createHash } from 'node:crypto';
import {
  type checkinDeviceRoutes,
  checkinDeviceUpstreamRoutes,
  type DeviceRoster,
  ROSTER_PAGE_MAX,
  type ScanResult,
} from '@evt/contracts/checkin-offline';
import type { RouteHandler } from '../../http/route-adapter';
import { signBadgeToken, verifyBadgeToken } from '../../badges/token';
import type { RouteContext } from '../context';
import { webAppManifestOf } from '../web-app-manifest';
import { keyOf } from './badges';

/**
 * What a device keeps of a badge's code: the first 16 bytes of SHA-256 over the code as printed (upper
 * case). The device hashes what it reads and looks it up; it can recognise a code, never make one.
 */
export function rosterHash(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest().subarray(0, 16).toString('hex');
}

/**
 * `POST /api/events/{id}/checkins/sync`: a device's batch of scans. Codes are verified here (the BFF alone
 * has the key), as for a live scan; the verified ones go to the upstream by registration, which keeps the
 * first scan by time and records a scan id once. Each scan gets its own answer, in the order sent.
 */
export function syncCheckins(ctx: RouteContext): RouteHandler<typeof checkinDeviceRoutes.sync> {
  return async ({ params: { id }, body: { scans }, caller }) => {
    const answers = new Map<string, ScanResult>();
    const verified = [];
    for (const scan of scans) {
      const registrationId =
        scan.registrationId ?? (scan.code === undefined ? null : verifyBadgeToken(keyOf(ctx), scan.code));
      if (registrationId === null) {
        answers.set(scan.scanId, { scanId: scan.scanId, result: { outcome: 'invalid' } });
      } else if (typeof registrationId === 'object' && registrationId.eventId !== id) {
        answers.set(scan.scanId, { scanId: scan.scanId, result: { outcome: 'otherEvent' } });
      } else {
        verified.push({
          scanId: scan.scanId,
          registrationId: typeof registrationId === 'number' ? registrationId : registrationId.registrationId,
          desk: scan.desk,
          scannedAt: scan.scannedAt,
        });
      }
    }
    if (verified.length) {
      const recorded = await ctx.upstream.call(checkinDeviceUpstreamRoutes.recordScans, {
        user: caller,
        requestId: caller.requestId,
        params: { id },
        body: { scans: verified },
      });
      for (const answer of recorded.results) answers.set(answer.scanId, answer);
    }
    const results = scans.map(
      (scan) => answers.get(scan.scanId) ?? { scanId: scan.scanId, result: { outcome: 'unknown' as const } },
    );
    return { status: 200, body: { results } };
  };
}

/**
 * `GET /api/events/{id}/checkins/roster`: every confirmed registration of the event with the hash of its
 * badge's code, for a device to check people in while the network is away. Read in pages by id (keyset).
 */
export function checkinRoster(ctx: RouteContext): RouteHandler<typeof checkinDeviceRoutes.roster> {
  return async ({ params: { id }, caller }) => {
    const generatedAt = new Date().toISOString();
    const entries: DeviceRoster['entries'] = [];
    for (let after = 0; ; ) {
      const page = await ctx.upstream.call(checkinDeviceUpstreamRoutes.roster, {
        user: caller,
        requestId: caller.requestId,
        params: { id },
        query: { after, limit: ROSTER_PAGE_MAX },
      });
      for (const entry of page.data) {
        entries.push({ ...entry, hash: rosterHash(signBadgeToken(keyOf(ctx), id, entry.registrationId)) });
      }
      const last = page.data.at(-1);
      if (!last || page.data.length < ROSTER_PAGE_MAX) break;
      after = last.registrationId;
    }
    return { status: 200, body: { generatedAt, entries } };
  };
}

/**
 * `GET /api/checkin-manifest?event=&locale=`: the check-in page's web app manifest, so a desk's phone or
 * tablet installs the page (opened full screen, kept offline by its service worker). Its start URL and
 * scope are the event's check-in page in the language asked; it says nothing of the event.
 */
export function checkinManifest(): RouteHandler<typeof checkinDeviceRoutes.manifest> {
  return async ({ query: { event, locale } }) => ({
    status: 200,
    body: webAppManifestOf({
      path: `/events/checkin-${event}`,
      locale,
      name: 'checkin.title',
      shortName: 'checkin.device.appName',
    }),
  });
}
