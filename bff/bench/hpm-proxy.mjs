// http-proxy-middleware 3 with a keep-alive agent on a bare node:http server (no Express, no session):
// what the card's package costs by itself, against tests/bench/bare-proxy.mjs.
// TARGET=http://127.0.0.1:4000 TOKEN=... PORT=... node hpm-proxy.mjs
import http from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 30_000 });
const authorization = `Bearer ${process.env.TOKEN ?? ''}`;
const proxy = createProxyMiddleware({
  target: process.env.TARGET ?? 'http://127.0.0.1:4000',
  agent,
  changeOrigin: true,
  on: {
    proxyReq(proxyReq) {
      proxyReq.removeHeader('cookie');
      proxyReq.setHeader('authorization', authorization);
    },
  },
});
const server = http.createServer((req, res) => proxy(req, res, () => res.end()));
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
