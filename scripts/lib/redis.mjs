// A private, throw-away redis-server on a free loopback port (no persistence), for tests and the bench.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function findRedisServer() {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Installs redis-server with apt-get when running as root; otherwise says what is missing and exits. */
export function ensureRedisServer({ install = true } = {}) {
  let bin = findRedisServer();
  if (bin) return bin;
  if (install && process.getuid?.() === 0) {
    console.log('[redis] redis-server is missing: installing it with apt-get');
    aptInstall(['redis-server']);
    bin = findRedisServer();
    if (bin) return bin;
  }
  throw new Error(
    'redis-server is missing: install it (apt-get install redis-server) or set REDIS_URL to a running Redis',
  );
}

export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) throw new Error('apt-get update failed');
  const result = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

function ping(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      data += chunk;
      if (data.includes('\r\n')) done(data.startsWith('+PONG'));
    });
  });
}

/** Starts redis-server; resolves to `{ url, port, pid, stop() }` once it answers PING. */
export async function startPrivateRedis({ install = true } = {}) {
  const bin = ensureRedisServer({ install });
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    const deadline = Date.now() + 5000;
    while (!exited && Date.now() < deadline) {
      if (await ping(port)) {
        const stop = () =>
          new Promise((resolve) => {
            if (exited) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 2000).unref();
          });
        return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid, stop, child };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!exited) child.kill('SIGKILL');
  }
  throw new Error('could not start a private redis-server');
}
