// A fast stand-in for the REST upstream: the same answers as the reference upstream for the requests the
// bench makes (captured from it at the start of the run), with no database behind them. It isolates what
// the proxies cost, which the reference upstream's own per-request work would otherwise hide.
// Run as its own process: PORT=... TOKEN=... FIXTURES='{"userinfo":...,"organizations":...,"organization":...}'
import http from 'node:http';

const token = process.env.TOKEN ?? '';
const fixtures = JSON.parse(process.env.FIXTURES ?? '{}');
const bodies = {
  userinfo: Buffer.from(JSON.stringify(fixtures.userinfo)),
  organizations: Buffer.from(JSON.stringify(fixtures.organizations)),
  organization: Buffer.from(JSON.stringify(fixtures.organization)),
  login: Buffer.from(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 })),
  notFound: Buffer.from(JSON.stringify({ error: 'not found' })),
  unauthorized: Buffer.from(JSON.stringify({ error: 'unauthorized' })),
};

const permissionsOf = (eventId) =>
  Buffer.from(
    JSON.stringify({
      eventId,
      organizationId: 1,
      memberType: 'owner',
      permissions: fixtures.permissions ?? [],
    }),
  );

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

const server = http.createServer((req, res) => {
  // Every request body is read to its end, as a real server would.
  req.resume();
  req.on('end', () => {
    const path = req.url?.split('?')[0] ?? '/';
    if (req.method === 'POST' && path === '/auth/login') return send(res, 200, bodies.login);
    // The automation webhook service (AUTOMATION_WEBHOOK_URL = <stub>/webhook): any operation succeeds.
    if (path.startsWith('/webhook/')) return send(res, 200, Buffer.from('{"ok":true}'));
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, bodies.unauthorized);
    if (req.method === 'GET' && path === '/auth/userinfo') return send(res, 200, bodies.userinfo);
    if (req.method === 'GET' && path === '/user/logout') return send(res, 200, Buffer.from('{}'));
    if (req.method === 'GET' && path === '/organizations') return send(res, 200, bodies.organizations);
    const event = /^\/events\/(\d+)$/.exec(path);
    if (req.method === 'GET' && event) {
      return send(res, 200, Buffer.from(JSON.stringify({ id: Number(event[1]), organizationId: 1 })));
    }
    // the caller's permissions in an event: the demo organiser owns it, so every one
    const scoped = /^\/permissions\/(?:events|teams|projects|tasks)\/(\d+)$/.exec(path);
    if (req.method === 'GET' && scoped) return send(res, 200, permissionsOf(Number(scoped[1])));
    // GET: the BFF reads the caller's member type before a manager-only write (kept in the session)
    if ((req.method === 'PUT' || req.method === 'GET') && /^\/organizations\/\d+$/.test(path))
      return send(res, 200, bodies.organization);
    return send(res, 404, bodies.notFound);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`stub upstream listening on ${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
