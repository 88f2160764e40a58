import {
  exhibitorSpaceRoutes,
  LEAD_BATCH_MAX,
  type LeadScan,
  type LeadScanResult,
} from '@evt/contracts/leads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { forgetLinkKey } from '../../../lib/link-key';
import { useLocale } from '../../../lib/locale-path';
import {
  countWaiting,
  forgetKeptPeople,
  forgetScans,
  keepPageOffline,
  linkManifest,
  queueScan,
  waitingScans,
} from '../../../lib/offline-scans/scan-store';
import { useSyncWhenOnline } from '../../../lib/offline-scans/sync-when-online';
import { sendScans, type StandLink, standOf } from './space';

/** How often a phone with the network sends what waits. */
const SYNC_EVERY_MS = 30_000;
const NAME_KEY = 'evt-lead-scanner';

/** Who scans on this phone (a stand has several people): kept on the device, shown with each lead. */
export const readScannerName = () => localStorage.getItem(NAME_KEY) ?? '';
export const saveScannerName = (name: string) => localStorage.setItem(NAME_KEY, name.trim());

/**
 * "Forget the stand on this phone" (a lent phone): its key, who scanned, and what the page's worker kept of
 * the page and its leads go; scans still waiting stay (codes only) and go when the link is opened again.
 */
export async function forgetStandOnPhone(scope: string): Promise<void> {
  forgetLinkKey(scope);
  localStorage.removeItem(NAME_KEY);
  await forgetKeptPeople();
}

/** What a scan became: the server's answer, or kept on the phone until the network returns. */
export type ScanNews = { scanId: string; result: LeadScanResult } | { scanId: string; queued: true };

/**
 * An exhibitor's phone (docs/decisions/event-day.md, "Exhibitors' leads"): every scan is first written to
 * the phone's IndexedDB, then sent with whatever else waits (in batches, on `online`, on opening the page,
 * every 30 s). A scan leaves the phone only once the server has answered it, so a closed page, a phone
 * restarted or a network gone loses nothing; a batch sent twice records once (each scan's id). Answers to
 * scans made while offline (a visitor who refused, say) are kept to be shown. Without device storage (some
 * private windows) scans are sent at once and nothing waits.
 */
export function useLeadDevice(link: StandLink, onRecorded: () => void) {
  const stand = standOf(link);
  const [waiting, setWaiting] = useState(0);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [notices, setNotices] = useState<{ scanId: string; result: LeadScanResult }[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  // one sync at a time, in turn: a scan made during a sync is sent by the next one
  const turn = useRef<Promise<unknown>>(Promise.resolve());
  const awaited = useRef(new Set<string>());
  // the answers to scans a `record` waits for (an earlier sync may have sent its scan already)
  const answered = useRef(new Map<string, LeadScanResult>());
  const linkRef = useRef(link);
  linkRef.current = link;
  const recorded = useRef(onRecorded);
  recorded.current = onRecorded;

  const countStand = useCallback(() => countWaiting('leadScans', stand), [stand]);

  const sendWaiting = useCallback(async (): Promise<Map<string, LeadScanResult>> => {
    const answers = new Map<string, LeadScanResult>();
    if (!navigator.onLine) return answers;
    try {
      const scans = await waitingScans('leadScans', stand);
      for (let start = 0; start < scans.length; start += LEAD_BATCH_MAX) {
        const batch = scans.slice(start, start + LEAD_BATCH_MAX);
        const { results } = await sendScans(
          linkRef.current,
          batch.map(({ stand: _stand, ...scan }) => scan),
        );
        await forgetScans(
          'leadScans',
          batch.map((scan) => scan.scanId),
        );
        for (const answer of results) {
          answers.set(answer.scanId, answer.result);
          if (awaited.current.has(answer.scanId)) answered.current.set(answer.scanId, answer.result);
        }
      }
      setSyncedAt(new Date().toISOString());
      setFailure(null);
      const told = [...answers].filter(
        ([scanId, result]) => !awaited.current.has(scanId) && result.outcome !== 'added',
      );
      if (told.length)
        setNotices((shown) => [...told.map(([scanId, result]) => ({ scanId, result })), ...shown]);
      if (answers.size) recorded.current();
    } catch (error) {
      // the network went again: what waits stays on the phone; a closed link is said on the page
      if (!(isApiError(error) && error.status === 0)) setFailure(error);
    } finally {
      setWaiting(await countStand());
    }
    return answers;
  }, [stand, countStand]);

  const sync = useCallback(() => {
    turn.current = turn.current.then(sendWaiting, sendWaiting);
    return turn.current;
  }, [sendWaiting]);

  useEffect(() => keepPageOffline(window.location.pathname), []);
  // installable: the phone's home screen opens the stand's page, which finds its key on the phone
  const locale = useLocale();
  useEffect(
    () =>
      linkManifest(exhibitorSpaceRoutes.manifest, { slug: link.slug }, { code: String(link.code), locale }),
    [link.slug, link.code, locale],
  );

  const online = useSyncWhenOnline(sync, SYNC_EVERY_MS);
  // opened offline: what waits from before shows at once (a sync says it otherwise)
  useEffect(() => {
    let live = true;
    void countStand().then((count) => live && setWaiting(count));
    return () => {
      live = false;
    };
  }, [countStand]);

  /** Keeps a scan on the phone, then sends what waits: its answer, or "queued" when it could not go. */
  const record = useCallback(
    async (code: string, scannedBy: string): Promise<ScanNews> => {
      const scan: LeadScan = {
        scanId: crypto.randomUUID(),
        code: code.trim(),
        scannedBy,
        scannedAt: new Date().toISOString(),
      };
      awaited.current.add(scan.scanId);
      try {
        try {
          await queueScan('leadScans', { ...scan, stand });
        } catch {
          // no device storage: sent now or not at all (the error says the network is away)
          const { results } = await sendScans(linkRef.current, [scan]);
          recorded.current();
          return results[0] ?? { scanId: scan.scanId, queued: true };
        }
        setWaiting(await countStand());
        await sync();
        const result = answered.current.get(scan.scanId);
        return result ? { scanId: scan.scanId, result } : { scanId: scan.scanId, queued: true };
      } finally {
        awaited.current.delete(scan.scanId);
        answered.current.delete(scan.scanId);
      }
    },
    [stand, countStand, sync],
  );

  return { online, waiting, syncedAt, notices, failure, record, sync };
}
