// A classic script, deferred, placed before the page's entry module (vite.config.ts: entryRetry). When the
// entry itself cannot be fetched (a dropped connection on a phone's network), nothing of the page's own
// code runs to recover: the server-drawn form would stay with its send button disabled and the console
// would stay blank. This reloads the page, at most once in 10 seconds per path (as web/src/lib/reload-once.ts
// does for the chunks the entry imports). Asking for the entry again under another address is not safe: the
// other chunks import the entry by its own address, and the page's code would then run twice.
(() => {
  addEventListener(
    'error',
    (event) => {
      const script = event.target;
      // only a module script that failed to load: not an error thrown by code, nor a preload or an image
      if (!(script instanceof HTMLScriptElement) || script.type !== 'module' || !script.src) return;
      const key = `evt:reload:${location.pathname}`;
      try {
        if (Date.now() - (Number(sessionStorage.getItem(key)) || 0) < 10_000) return;
        sessionStorage.setItem(key, String(Date.now()));
      } catch {
        // storage disabled: still reload once here
      }
      location.reload();
    },
    true,
  );
})();
