import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger';
import { connectRedis, type Redis } from '../session/redis-client';
import { createConnectionStore, type GoogleConnectionRecord } from './token-store';

const record: GoogleConnectionRecord = {
  status: 'connected',
  email: 'camille@gmail.example',
  accountId: '1234',
  tokens: { access_token: 'ya29.secret', refresh_token: '1//secret' },
  connectedAt: 1,
};

let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', createLogger('silent'));
});
afterAll(async () => {
  await redis?.quit();
});

/** Stores with their own key lists on one Redis, as instances share it. */
function stores() {
  let logs = '';
  const logger = createLogger(
    'debug',
    new Writable({
      write(chunk, _e, done) {
        logs += chunk.toString();
        done();
      },
    }),
  );
  const prefix = `test-google-${randomBytes(6).toString('hex')}:`;
  const open = (keys: { id: string; key: Buffer }[]) =>
    createConnectionStore(redis, prefix, keys, { logger, lockTtlMs: 20_000 });
  const raw = (userId: number) => redis.get(`${prefix}google:conn:${userId}`);
  const copy = async (from: number, to: number) =>
    redis.set(`${prefix}google:conn:${to}`, (await raw(from)) as string);
  return { open, raw, copy, logs: () => logs };
}

describe('Google connection records and GOOGLE_TOKEN_KEYS', () => {
  const old = { id: 'k2025', key: randomBytes(32) };
  const current = { id: 'k2026', key: randomBytes(32) };

  it('rotates: the old key still decrypts, the new key encrypts every write', async () => {
    const { open, raw } = stores();
    await open([old]).put(7, record);
    const rotated = open([current, old]);
    expect(await rotated.get(7)).toEqual(record);
    await rotated.put(7, { ...record, email: 'again@gmail.example' });
    expect(JSON.parse((await raw(7)) as string).kid).toBe('k2026');
    // once every record was written again, the old key can go
    expect(await open([current]).get(7)).toMatchObject({ email: 'again@gmail.example' });
  });

  it('a record no configured key opens is unreadable, logged as an error without a token', async () => {
    const { open, logs } = stores();
    await open([old]).put(8, record);
    expect(await open([current]).get(8)).toBe('unreadable');
    expect(logs()).toMatch(/"level":50.*"organiserId":8.*"problem":"missingKey".*"kid":"k2025"/);
    // a key of the same id with other bytes: tampered with, or a misconfigured key
    expect(await open([{ id: 'k2025', key: randomBytes(32) }]).get(8)).toBe('unreadable');
    expect(logs()).toContain('"problem":"undecryptable"');
    expect(logs()).not.toContain('secret');
  });

  it('binds a record to its organiser: copied to another, it does not open', async () => {
    const { open, copy } = stores();
    const store = open([current]);
    await store.put(9, record);
    await copy(9, 10);
    expect(await store.get(10)).toBe('unreadable');
  });
});
