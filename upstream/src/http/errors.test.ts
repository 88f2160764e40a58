import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, expect, it } from 'vitest';
import { openDb } from '../db/db';
import { errorHandler } from './errors';

const db = await openDb({ dataDir: 'memory://' });
afterAll(() => db.close());

/**
 * Embedded in the BFF, the upstream's log lines are the product's. A database error
 * carries the failed query's parameters (PGlite sets `params` on it, and the detail repeats the value);
 * the error handler must log the route pattern and the error's type, message and code, never those.
 */
it('logs a failed request by route pattern, without the query parameters the error carries', async () => {
  const address = `leak-${randomBytes(8).toString('hex')}@example.org`;
  await db.query('CREATE TABLE IF NOT EXISTS people (email text UNIQUE)');
  await db.query('INSERT INTO people (email) VALUES ($1)', [address]);
  const lines: string[] = [];
  const log = (o: object, m?: string) => lines.push(JSON.stringify({ msg: m, ...o }));
  const app = express();
  app.post('/people/:email', async (req) => {
    await db.query('INSERT INTO people (email) VALUES ($1)', [req.params.email]);
  });
  app.use(errorHandler({ info: log, warn: log, error: log }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/people/${encodeURIComponent(address)}`, {
      method: 'POST',
    });
    expect(answer.status).toBe(500);
  } finally {
    server.close();
  }
  const text = lines.join('\n');
  expect(lines).toHaveLength(1);
  expect(text).not.toContain(address);
  expect(text).not.toContain(encodeURIComponent(address));
  expect(text).toContain('"route":"POST /people/:email"');
  expect(text).toContain('"code":"23505"');
});
