import { reloadOnce } from '../lib/reload-once';

/**
 * Built on its own as a classic script (vite.config.ts: entryRetry), deferred and placed before the page's
 * entry module. When the entry itself cannot be fetched (a dropped connection on a phone's network), nothing
 * of the page's own code runs to recover: the server-drawn form would stay with its send button disabled and
 * the console would stay blank. This reloads the page by the same rule as the chunks the entry imports
 * (lib/reload-once.ts: once per path within the throttle). Asking for the entry again under another address
 * is not safe: the other chunks import the entry by its own address, and the page's code would run twice.
 */
addEventListener(
  'error',
  (event) => {
    const script = event.target;
    // only a module script that failed to load: not an error thrown by code, nor a preload or an image
    if (!(script instanceof HTMLScriptElement) || script.type !== 'module' || !script.src) return;
    reloadOnce();
  },
  true,
);
