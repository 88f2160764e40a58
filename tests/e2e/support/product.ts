import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/redis.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Product {
  baseUrl: string;
  pid: number;
  dataDir: string;
  logs(): string;
  stop(): Promise<void>;
}

export interface ProductOptions {
  redisUrl: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/**
 * Starts the built product as a real process (`node bff/dist/main.js`) on a free loopback port, with the
 * embedded reference upstream on a fresh data directory (demo seed), and waits for /readyz.
 */
export async function startProduct(options: ProductOptions): Promise<Product> {
  const entry = path.join(repoRoot, 'bff/dist/main.js');
  if (!existsSync(entry)) throw new Error('bff/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evt-e2e-upstream-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      REDIS_URL: options.redisUrl,
      UPSTREAM_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Login is exercised many times in one run from one address.
      RATE_LIMIT_AUTH_MAX: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | string | null = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal ?? 'unknown';
  });

  const stop = async () => {
    if (exited === null) {
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exited !== null) {
      await stop();
      throw new Error(`the product exited (${exited}) before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) {
        return { baseUrl, pid: child.pid as number, dataDir, logs: () => output, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the product was not ready on ${baseUrl}/readyz within the time limit:\n${output}`);
}
