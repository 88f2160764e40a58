import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/redis.mjs';
import { nodeEntry } from '../../support/node-entry';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A private redis-server on a fixed free port, so it can be stopped and started again at the same address. */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = async () => {
    const { createConnection } = await import('node:net');
    return new Promise<boolean>((done) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.setTimeout(300, () => {
        socket.destroy();
        done(false);
      });
      socket.on('error', () => done(false));
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk) => {
        socket.destroy();
        done(String(chunk).startsWith('+PONG'));
      });
    });
  };
  const self = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 100; i++) {
        if (await ping()) return;
        await sleep(50);
      }
      throw new Error('redis-server did not start');
    },
    /** SIGSTOP / SIGCONT: a Redis that hangs with its connections open */
    pause(paused: boolean) {
      child?.kill(paused ? 'SIGSTOP' : 'SIGCONT');
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((done) => {
        running.once('exit', () => done());
        running.kill('SIGKILL');
      });
    },
  };
  await self.start();
  return self;
}

export interface BffProcess {
  url: string;
  pid: number;
  /** everything the process wrote (stdout and stderr) */
  output(): string;
  /** resolves with the exit code once the process has ended */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/** The BFF's main (built, or its sources: `nodeEntry`) on a free loopback port; resolves once it listens. */
export async function startBffProcess(env: Record<string, string>): Promise<BffProcess> {
  const child = spawn(process.execPath, nodeEntry(REPO, 'bff/src/main.ts'), {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: resolve(REPO, 'tests/integration/support/web-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const listening = /"port":(\d+)[^\n]*"msg":"BFF listening"/.exec(output);
    if (listening) {
      return {
        url: `http://127.0.0.1:${listening[1]}`,
        pid: child.pid!,
        output: () => output,
        exited,
        kill: (signal = 'SIGTERM') => child.kill(signal),
      };
    }
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`the BFF did not start:\n${output}`);
}

export type StubMode = 'ok' | 'refuse' | 'hang' | 'status500' | 'malformed' | 'slow';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export const STUB_USER = {
  id: 7,
  email: 'ops@example.org',
  firstName: 'Ops',
  lastName: 'Tester',
  emailVerified: true,
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * A REST upstream and webhook service in one stub that signs anyone in, records every request it gets and
 * fails on demand (`mode`, for paths other than the sign-in ones unless `failAuth`).
 */
export async function stubUpstream() {
  const recorded: RecordedRequest[] = [];
  const tokens: string[] = [];
  const state = { mode: 'ok' as StubMode, failAuth: false, delayMs: 0 };
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    recorded.push({ method: req.method!, url: req.url!, headers: req.headers });
    const auth = req.url === '/auth/login' || req.url === '/auth/userinfo';
    const mode = auth && !state.failAuth ? 'ok' : state.mode;
    if (mode === 'hang') return;
    if (mode === 'refuse') {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (mode === 'status500') {
      res.statusCode = 500;
      res.end('{"error":{"code":"boom","message":"stack trace here"}}');
      return;
    }
    if (mode === 'malformed') {
      res.end('{"access_token": "x", oops');
      return;
    }
    if (req.url === '/auth/login') {
      const token = `stub-token-${randomBytes(12).toString('hex')}`;
      tokens.push(token);
      res.end(JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600 }));
    } else if (req.url === '/auth/userinfo') {
      res.end(JSON.stringify(STUB_USER));
    } else if (/^\/(organizations|events)\/\d+$/.test(req.url!)) {
      const id = Number(req.url!.split('/')[2]);
      // the stub's user owns every organisation: manager-only operations pass the BFF's role check
      const send = () => res.end(JSON.stringify({ id, organizationId: 1, name: 'Org', memberType: 'owner' }));
      if (state.delayMs) setTimeout(send, state.delayMs);
      else send();
    } else if (/^\/permissions\/events\/\d+$/.test(req.url!)) {
      const eventId = Number(req.url!.split('/')[3]);
      res.end(
        JSON.stringify({ eventId, organizationId: 1, memberType: 'owner', permissions: ['event:read'] }),
      );
    } else if (req.url!.startsWith('/webhook/organization-credential?')) {
      // the owners' credential routes parse this answer with its contract
      const organizationId = Number(new URL(req.url!, 'http://stub').searchParams.get('id'));
      res.end(JSON.stringify({ organizationId, credentials: {}, updatedAt: '2026-01-01T00:00:00.000Z' }));
    } else if (req.url!.startsWith('/public/events/')) {
      // no event on the stub: the BFF parses this answer with its contract, so it must be a real one
      res.statusCode = 404;
      res.end('{"error":{"code":"not_found","message":"Event not found"}}');
    } else {
      res.end('{"data":[]}');
    }
  };
  const server = createServer((req, res) => {
    req.on('end', () => answer(req, res));
    req.resume();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    recorded,
    tokens,
    state,
    reset() {
      state.mode = 'ok';
      state.failAuth = false;
      state.delayMs = 0;
    },
    /** sockets the stub still has open (keep-alive ones from the BFF's agent included) */
    connections: () => new Promise<number>((done) => server.getConnections((_e, n) => done(n))),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
