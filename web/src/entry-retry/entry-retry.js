// A classic script, deferred, placed before the page's entry module (vite.config.ts: entryRetry). When the
// entry itself cannot be fetched (a dropped connection on a phone's network), nothing of the page's own
// code runs to recover: the server-drawn form would stay with its send button disabled and the console
// would stay blank. This asks for the entry again, under a new address since the browser keeps a failed
// module for the page's life, a few times, keeping what the visitor typed; then reloads the page, at most
// once in 10 seconds per path (as web/src/lib/reload-once.ts does for the chunks the entry imports).
(() => {
  const TRIES = 3;
  let tries = 0;
  const reloadOnce = () => {
    const key = `evt:reload:${location.pathname}`;
    try {
      if (Date.now() - (Number(sessionStorage.getItem(key)) || 0) < 10_000) return;
      sessionStorage.setItem(key, String(Date.now()));
    } catch {
      // storage disabled: still reload once here
    }
    location.reload();
  };
  addEventListener(
    'error',
    (event) => {
      const script = event.target;
      // only a module script that failed to load: not an error thrown by code, nor a preload or an image
      if (!(script instanceof HTMLScriptElement) || script.type !== 'module' || !script.src) return;
      tries += 1;
      if (tries > TRIES) return reloadOnce();
      setTimeout(() => {
        const again = document.createElement('script');
        again.type = 'module';
        again.crossOrigin = '';
        again.src = `${script.src.split('?')[0]}?retry=${tries}`;
        document.head.append(again);
      }, 300 * tries);
    },
    true,
  );
})();
