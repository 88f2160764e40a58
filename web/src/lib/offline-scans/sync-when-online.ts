import { useEffect, useState } from 'react';

/**
 * A scanning device's sending rhythm: `sync` runs when the page opens, when the network returns and every
 * `everyMs` while the page is shown. Answers whether the browser says it is online.
 */
export function useSyncWhenOnline(sync: () => unknown, everyMs: number): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    void sync();
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => void sync(), everyMs);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [sync, everyMs]);
  return online;
}
