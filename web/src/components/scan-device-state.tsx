import type { ReactNode } from 'react';
import { Button } from './ui/button';

/** A scanning page's words for its device's state, in its own texts. */
export interface DeviceWords {
  online: string;
  offline: string;
  /** how many scans wait on the device */
  waiting: string;
  /** when it last sent, or that it never did */
  synced: string;
  syncNow: string;
}

/** A time of day, as the device's state and its pages' answers show it. */
export const timeOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * A scanning device's state (check-in at the door, an exhibitor's lead scanning): online or not, what
 * waits on the device to be sent, when it last sent, a button to send now; `children` says what the last
 * sends told (each page its own words).
 */
export function ScanDeviceState({
  label,
  words,
  online,
  waiting,
  onSync,
  children,
}: {
  label: string;
  words: DeviceWords;
  online: boolean;
  waiting: number;
  onSync: () => void;
  children?: ReactNode;
}) {
  return (
    <section className="scan-device" aria-label={label}>
      <p role="status" className={`scan-device__state scan-device__state--${online ? 'online' : 'offline'}`}>
        {online ? words.online : words.offline} · {words.waiting}
        {' · '}
        {words.synced}
      </p>
      {online && waiting > 0 ? (
        <Button variant="secondary" onClick={onSync}>
          {words.syncNow}
        </Button>
      ) : null}
      {children}
    </section>
  );
}
