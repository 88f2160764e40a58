import type { Router } from 'express';
import express from 'express';
import type { Sessions } from '../session/sessions';

/** /healthz: the process answers. /readyz: the session store and the REST upstream answer too. */
export function healthRoutes(sessions: Sessions, upstreamApiUrl: string): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [store, upstream] = await Promise.all([
      sessions.ping().then(
        () => true,
        () => false,
      ),
      // any HTTP answer means reachable; only a network failure or a timeout does not
      fetch(upstreamApiUrl, { method: 'GET', signal: AbortSignal.timeout(2000), redirect: 'manual' }).then(
        async (r) => {
          await r.body?.cancel();
          return true;
        },
        () => false,
      ),
    ]);
    const ready = store && upstream;
    res
      .status(ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({
        status: ready ? 'ok' : 'unavailable',
        checks: { sessionStore: store ? 'ok' : 'down', upstream: upstream ? 'ok' : 'down' },
      });
  });
  return router;
}
