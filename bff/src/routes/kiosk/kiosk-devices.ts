import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { answerWithin } from '../../session/answer-within';
import type { RouteContext } from '../context';

/**
 * A registration kiosk's device session: what the device may do (skip the per-address ceiling on one
 * event's forms) and the staff PIN that ends it, kept by the BFF under the hash of the device's cookie.
 * It holds no user, no upstream token and no organisation: nothing in it opens a console route.
 */
export interface KioskDevice {
  eventId: number;
  slug: string;
  /** `salt.hash`, base64url: scrypt of the PIN's HMAC under a key derived from the session secret */
  pinHash: string;
  expiresAt: number;
}

export interface KioskDevices {
  /** Keeps the device until `expiresAt`; answers the cookie's value (random, never stored as such). */
  create(device: KioskDevice): Promise<string>;
  /** The live device a cookie names, or null (unknown, ended, expired, or the store away). */
  read(cookie: string | undefined): Promise<KioskDevice | null>;
  end(cookie: string): Promise<void>;
  /** A short, stable name of the device for counting its PIN tries (no secret: a hash of the cookie). */
  idOf(cookie: string): string;
  hashPin(pin: string): Promise<string>;
  pinMatches(pin: string, stored: string): Promise<boolean>;
}

const STORE_DEADLINE_MS = 800;
/** Kiosks kept at most without Redis (one process, development): the oldest go first. */
const MEMORY_MAX = 1000;
const derive = promisify(scrypt) as (pin: Buffer, salt: Buffer, length: number) => Promise<Buffer>;

function devices(ctx: Pick<RouteContext, 'redis' | 'config'>): KioskDevices {
  const { redis } = ctx;
  const pepper = createHmac('sha256', ctx.config.sessionSecrets[0] ?? '')
    .update('evt-kiosk-pin-v1')
    .digest();
  const memory = new Map<string, string>();
  const idOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url').slice(0, 32);
  const key = (cookie: string) => `${ctx.config.keyPrefix}kiosk:${idOf(cookie)}`;
  const within = <T>(pending: Promise<T>) => answerWithin(pending, STORE_DEADLINE_MS, 'kiosk store');
  const pinKey = (pin: string, salt: Buffer) =>
    derive(createHmac('sha256', pepper).update(pin).digest(), salt, 32);

  return {
    idOf,
    async create(device) {
      const cookie = randomBytes(32).toString('base64url');
      const value = JSON.stringify(device);
      if (redis) await within(redis.set(key(cookie), value, { PXAT: device.expiresAt }));
      else {
        if (memory.size >= MEMORY_MAX) memory.delete(memory.keys().next().value as string);
        memory.set(key(cookie), value);
      }
      return cookie;
    },
    async read(cookie) {
      if (!cookie || cookie.length > 128) return null;
      const value = redis
        ? await within(redis.get(key(cookie))).catch(() => null)
        : (memory.get(key(cookie)) ?? null);
      if (value === null) return null;
      const device = JSON.parse(value) as KioskDevice;
      return device.expiresAt > Date.now() ? device : null;
    },
    async end(cookie) {
      if (redis) await within(redis.del(key(cookie)));
      else memory.delete(key(cookie));
    },
    async hashPin(pin) {
      const salt = randomBytes(16);
      return `${salt.toString('base64url')}.${(await pinKey(pin, salt)).toString('base64url')}`;
    },
    async pinMatches(pin, stored) {
      const [salt = '', hash = ''] = stored.split('.');
      const expected = Buffer.from(hash, 'base64url');
      const given = await pinKey(pin, Buffer.from(salt, 'base64url'));
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

const made = new WeakMap<object, KioskDevices>();

/** The app's one kiosk store (the memory fallback is shared by every route of one app). */
export function kioskDevices(ctx: Pick<RouteContext, 'redis' | 'config'>): KioskDevices {
  let found = made.get(ctx.config);
  if (!found) {
    found = devices(ctx);
    made.set(ctx.config, found);
  }
  return found;
}
