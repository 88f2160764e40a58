// The floor for Node: a bare node:http pipe proxy with a keep-alive agent that adds the bearer token.
// Run as its own process by the bench: TARGET=http://127.0.0.1:4000 TOKEN=... PORT=... node bare-proxy.mjs
import http from 'node:http';

const target = new URL(process.env.TARGET ?? 'http://127.0.0.1:4000');
const authorization = `Bearer ${process.env.TOKEN ?? ''}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 30_000 });
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
]);

const server = http.createServer((req, res) => {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && name !== 'host' && name !== 'cookie') headers[name] = value;
  }
  headers.authorization = authorization;
  const upstream = http.request(
    { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
    (answer) => {
      const out = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name)) out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare proxy listening on ${server.address().port}`);
});
process.on('SIGTERM', () => process.exit(0));
