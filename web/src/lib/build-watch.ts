import { buildManifest, BUILD_MANIFEST_PATH } from '@evt/contracts/build';
import { BUILD_POLL_INTERVAL_MS } from '@evt/contracts/constants';
import { reloadOnce } from './reload-once';

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
