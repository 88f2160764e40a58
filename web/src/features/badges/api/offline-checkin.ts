import {
  checkinDeviceRoutes,
  type RosterEntry,
  SCAN_BATCH_MAX,
  type ScanResult,
} from '@evt/contracts/checkin-offline';
import { apiRoutes } from '@evt/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { normaliseLocale } from '@evt/contracts/locale';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import {
  codeHash,
  countWaiting,
  forgetScans,
  keepPageOffline,
  linkManifest,
  queueScan,
  readRoster,
  saveRoster,
  waitingScans,
} from '../../../lib/offline-scans/scan-store';
import { useSyncWhenOnline } from '../../../lib/offline-scans/sync-when-online';

/** How often a device with the network sends what waits and refreshes its roster. */
const SYNC_EVERY_MS = 30_000;
const DESK_KEY = 'evt-checkin-desk';

export const readDesk = () => localStorage.getItem(DESK_KEY) ?? '';
export const saveDesk = (desk: string) => localStorage.setItem(DESK_KEY, desk.trim());

/** A browser without IndexedDB (some private modes) checks in online only: nothing is kept. */
const noStore = () => undefined;

export interface OfflineScan {
  /** the person the device's roster knows for this code, or null (not a badge it knows) */
  person: RosterEntry | null;
}

/**
 * The check-in page's offline side (docs/decisions/event-day.md): scans made while the network is away wait
 * in IndexedDB and are sent when it returns (on `online`, on opening the page, every 30 s); the answers that
 * are not a plain arrival (another desk was first, a cancelled person) are kept to be shown.
 */
export function useOfflineCheckin(eventId: number, desk: string) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [notices, setNotices] = useState<ScanResult[]>([]);
  const roster = useRef(new Map<string, RosterEntry>());
  const syncing = useRef(false);

  const keepRoster = useCallback((entries: readonly (RosterEntry & { hash: string })[]) => {
    roster.current = new Map(entries.map((entry) => [entry.hash, entry]));
  }, []);

  const sync = useCallback(async () => {
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      const scans = await waitingScans('scans', eventId);
      for (let start = 0; start < scans.length; start += SCAN_BATCH_MAX) {
        const batch = scans.slice(start, start + SCAN_BATCH_MAX);
        const { results } = await apiRequest(apiRoutes.checkinDevice.sync, {
          params: { id: eventId },
          body: { scans: batch.map(({ eventId: _event, ...scan }) => scan) },
        });
        await forgetScans(
          'scans',
          batch.map((scan) => scan.scanId),
        );
        const told = results.filter((answer) => answer.result.outcome !== 'checkedIn');
        if (told.length) setNotices((shown) => [...told, ...shown]);
      }
      const fresh = await apiRequest(apiRoutes.checkinDevice.roster, { params: { id: eventId } });
      const at = new Date().toISOString();
      await saveRoster({ eventId, roster: fresh, syncedAt: at });
      keepRoster(fresh.entries);
      setSyncedAt(at);
      if (scans.length) await queryClient.invalidateQueries({ queryKey: ['checkin'] });
    } catch {
      // the network went again: what waits stays in the store for the next try
    } finally {
      syncing.current = false;
      setWaiting(await countWaiting('scans', eventId));
    }
  }, [eventId, keepRoster, queryClient]);

  useEffect(() => keepPageOffline(window.location.pathname), []);
  const locale = normaliseLocale(i18n.language) ?? 'fr';
  useEffect(
    () => linkManifest(checkinDeviceRoutes.manifest, {}, { event: String(eventId), locale }),
    [eventId, locale],
  );

  const online = useSyncWhenOnline(sync, SYNC_EVERY_MS);
  useEffect(() => {
    let live = true;
    void readRoster(eventId).then((stored) => {
      if (!live || !stored) return;
      keepRoster(stored.roster.entries);
      setSyncedAt((current) => current ?? stored.syncedAt);
    }, noStore);
    // opened offline: what waits from before shows at once (a sync says it otherwise)
    void countWaiting('scans', eventId).then((count) => live && setWaiting(count));
    return () => {
      live = false;
    };
  }, [eventId, keepRoster]);

  /** Keeps a scan for later and says whom the roster knows for it. */
  const record = useCallback(
    async (code: string): Promise<OfflineScan> => {
      await queueScan('scans', {
        eventId,
        scanId: crypto.randomUUID(),
        code,
        desk: desk || '—',
        scannedAt: new Date().toISOString(),
      });
      setWaiting(await countWaiting('scans', eventId));
      return { person: roster.current.get(await codeHash(code)) ?? null };
    },
    [desk, eventId],
  );

  return { online, waiting, syncedAt, notices, record, sync };
}
