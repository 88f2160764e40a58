import { buildManifest, BUILD_MANIFEST_PATH } from '@evt/contracts/build';
import { BUILD_POLL_INTERVAL_MS, RELOAD_THROTTLE_MS } from '@evt/contracts/constants';

const RELOAD_KEY_PREFIX = 'evt:reload:';

/**
 * Reloads the page unless this path was already reloaded less than RELOAD_THROTTLE_MS ago (spec: at most
 * once per 10 seconds per path), so a broken deployment cannot put the tab in a reload loop.
 * Returns whether a reload was started.
 */
export function reloadOnce(now = Date.now()): boolean {
  const key = `${RELOAD_KEY_PREFIX}${window.location.pathname}`;
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(key) ?? 0) || 0;
  } catch {
    // storage disabled: still reload, the throttle is a nicety
  }
  if (now - last < RELOAD_THROTTLE_MS) return false;
  try {
    window.sessionStorage.setItem(key, String(now));
  } catch {
    // see above
  }
  window.location.reload();
  return true;
}

/** Whether the deployed build differs from the running one. */
export async function isNewBuildDeployed(currentId: string): Promise<boolean> {
  try {
    const response = await fetch(`${BUILD_MANIFEST_PATH}?t=${Date.now()}`, {
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) return false;
    const manifest = buildManifest.safeParse(await response.json());
    return manifest.success && manifest.data.id !== currentId;
  } catch {
    return false;
  }
}

/** A route module that fails to load was most likely removed by a new deployment. */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadOnce()) return new Promise<T>(() => {});
      throw error;
    });
}

/** Polls builds/latest.json (and on focus); reloads when a new build is out or a chunk fails to load. */
export function startBuildWatch(currentId: string): () => void {
  const check = async () => {
    if (await isNewBuildDeployed(currentId)) reloadOnce();
  };
  const onPreloadError = (event: Event) => {
    if (reloadOnce()) event.preventDefault();
  };
  const timer = window.setInterval(check, BUILD_POLL_INTERVAL_MS);
  window.addEventListener('focus', check);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', check);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
