import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GoogleTokenKey } from '../config/env';
import type { Redis } from '../session/redis-client';

/** Google's raw token answer, merged over time (a refresh answer has no refresh_token: merge, never overwrite). */
export interface GoogleTokens {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
  scope?: string | null;
  token_type?: string | null;
}

/** One organiser's connection: it belongs to the user, not to a sign-in, and outlives sessions. */
export interface GoogleConnectionRecord {
  status: 'connected' | 'broken';
  email: string | null;
  /** Google's stable id of the account (user info `id`); absent on records made before it was kept */
  accountId?: string | null;
  tokens: GoogleTokens;
  connectedAt: number;
  brokenAt?: number;
}

interface Sealed {
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

/** AES-256-GCM with the current key; the key id is stored beside the ciphertext so keys can rotate. */
export function seal(value: unknown, keys: readonly GoogleTokenKey[], aad: string): string {
  const current = keys[0];
  if (!current) throw new Error('no Google token key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  const sealed: Sealed = {
    kid: current.id,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return JSON.stringify(sealed);
}

/**
 * The sealed value, or why it cannot be read: its key is not among `keys` (`missingKey`, with the key id),
 * or it does not decrypt (`undecryptable`: tampered with, or a key of the same id with other bytes).
 */
export function unseal<T>(
  text: string,
  keys: readonly GoogleTokenKey[],
  aad: string,
): { value: T } | { problem: 'missingKey' | 'undecryptable'; kid: string | null } {
  let kid: string | null = null;
  try {
    const sealed = JSON.parse(text) as Sealed;
    kid = typeof sealed.kid === 'string' ? sealed.kid : null;
    const key = keys.find((k) => k.id === sealed.kid);
    if (!key) return { problem: 'missingKey', kid };
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    return { value: JSON.parse(plain.toString('utf8')) as T };
  } catch {
    return { problem: 'undecryptable', kid };
  }
}

/**
 * Where the organisers' Google connections are kept, encrypted: Redis (shared by every BFF instance, no
 * expiry), or this process's memory when REDIS_URL is unset (one instance, lost on restart). The lock
 * makes one refresh at a time per organiser across instances.
 *
 * Keys rotate (GOOGLE_TOKEN_KEYS, docs/operations.md): the first key seals every write, any listed key
 * unseals, so a record sealed with an old key is read and sealed again with the new one at its next write.
 * A record no listed key opens is `unreadable` (logged as an error): the organiser must renew it.
 */
export interface ConnectionStore {
  get(userId: number): Promise<GoogleConnectionRecord | 'unreadable' | null>;
  put(userId: number, record: GoogleConnectionRecord): Promise<void>;
  delete(userId: number): Promise<void>;
  /**
   * runs `work` holding the organiser's refresh lock; waits while another holder has it, until
   * `deadline` (epoch ms): then answers null without running `work`
   */
  withLock<T>(userId: number, deadline: number, work: () => Promise<T>): Promise<T | null>;
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export function createConnectionStore(
  redis: Redis | null,
  keyPrefix: string,
  keys: readonly GoogleTokenKey[],
  options: {
    logger: Logger;
    /** how long a lock lives if its holder dies: longer than the holder's deadline (lockTtlMs) */
    lockTtlMs: number;
  },
): ConnectionStore {
  const aad = (userId: number) => `google-connection:${userId}`;
  const memory = new Map<number, string>();
  const localLocks = new Map<number, Promise<unknown>>();
  const key = (userId: number) => `${keyPrefix}google:conn:${userId}`;
  const lockKey = (userId: number) => `${keyPrefix}google:lock:${userId}`;

  const read = async (userId: number) =>
    redis ? await redis.get(key(userId)) : (memory.get(userId) ?? null);

  async function acquire(userId: number, deadline: number): Promise<string | null> {
    const token = randomBytes(16).toString('hex');
    for (let wait = 20; ; wait = Math.min(wait * 2, 200)) {
      const ok = await redis!.set(lockKey(userId), token, { NX: true, PX: options.lockTtlMs });
      if (ok === 'OK') return token;
      if (Date.now() + wait > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  return {
    async get(userId) {
      const text = await read(userId);
      if (text === null) return null;
      const opened = unseal<GoogleConnectionRecord>(text, keys, aad(userId));
      if ('value' in opened) return opened.value;
      options.logger.error(
        { organiserId: userId, problem: opened.problem, kid: opened.kid, keys: keys.map((k) => k.id) },
        'google: connection record cannot be decrypted with GOOGLE_TOKEN_KEYS; the organiser must renew it',
      );
      return 'unreadable';
    },
    async put(userId, record) {
      const text = seal(record, keys, aad(userId));
      if (redis) await redis.set(key(userId), text);
      else memory.set(userId, text);
    },
    async delete(userId) {
      if (redis) await redis.del(key(userId));
      else memory.delete(userId);
    },
    async withLock(userId, deadline, work) {
      // in-process first (no Redis round trips between this instance's own requests), then Redis
      const previous = localLocks.get(userId) ?? Promise.resolve();
      const run = previous
        .catch(() => undefined)
        .then(async () => {
          if (Date.now() >= deadline) return null;
          if (!redis) return work();
          const token = await acquire(userId, deadline);
          if (token === null) return null;
          try {
            return await work();
          } finally {
            await redis.eval(RELEASE, { keys: [lockKey(userId)], arguments: [token] }).catch(() => undefined);
          }
        });
      localLocks.set(userId, run);
      try {
        return await run;
      } finally {
        if (localLocks.get(userId) === run) localLocks.delete(userId);
      }
    },
  };
}
