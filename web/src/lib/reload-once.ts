import { RELOAD_THROTTLE_MS } from '@evt/contracts/constants';

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
