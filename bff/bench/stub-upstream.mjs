// A REST upstream that answers at once with fixed JSON: the bench measures the BFF's own overhead, not
// the reference upstream's database. PORT=... node stub-upstream.mjs
import http from 'node:http';

const user = JSON.stringify({
  id: 1,
  email: 'bench@example.org',
  firstName: 'Bench',
  lastName: 'User',
  emailVerified: true,
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const org = {
  id: 1,
  name: 'Bench organisation',
  description: 'An organisation for the bench',
  website: 'https://bench.example.org',
  email: 'contact@bench.example.org',
  phone: '123456789',
  country: 'FR',
  image: null,
  memberType: 'owner',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const list = JSON.stringify({ data: Array.from({ length: 5 }, (_, i) => ({ ...org, id: i + 1 })) });
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (req.url === '/auth/login')
      res.end('{"access_token":"bench-token-0123456789","token_type":"bearer","expires_in":86400}');
    else if (req.url === '/auth/userinfo') res.end(user);
    else if (req.method === 'PUT') res.end(JSON.stringify({ ...org, ...JSON.parse(body || '{}') }));
    else res.end(list);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  console.log(`stub upstream on ${server.address().port}`),
);
process.on('SIGTERM', () => process.exit(0));
