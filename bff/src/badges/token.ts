import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The QR code of a badge carries `EVB1` + hex(event id, registration id, HMAC-SHA256 truncated to 128 bits)
 * under the server's key: no name, no address, nothing a stranger can read a person from, and nothing anyone
 * without the key can forge or alter. Upper-case hex: QR alphanumeric mode (a small code), and a
 * keyboard-wedge scanner types it the same on any keyboard layout but for the digits row of AZERTY ones,
 * which those scanners are set up for.
 */
const PREFIX = 'EVB1';
const MAC_BYTES = 16;
const LABEL = 'evt-badge-token-v1';

/** The signing key: BADGE_TOKEN_SECRET, or one derived from the session secret (another use, another key). */
export function badgeKey(secret: string | null | undefined, sessionSecret: string): Buffer {
  return createHmac('sha256', secret ?? sessionSecret)
    .update(LABEL)
    .digest();
}

function mac(key: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
}

export function signBadgeToken(key: Buffer, eventId: number, registrationId: number): string {
  const payload = Buffer.alloc(8);
  payload.writeUInt32BE(eventId, 0);
  payload.writeUInt32BE(registrationId, 4);
  return (
    PREFIX +
    Buffer.concat([payload, mac(key, payload)])
      .toString('hex')
      .toUpperCase()
  );
}

/** The ids a token names, or null when it is not one of ours (altered, truncated, signed with another key). */
export function verifyBadgeToken(
  key: Buffer,
  code: string,
): { eventId: number; registrationId: number } | null {
  const text = code.trim().toUpperCase();
  if (!text.startsWith(PREFIX) || !/^[0-9A-F]{48}$/.test(text.slice(PREFIX.length))) return null;
  const bytes = Buffer.from(text.slice(PREFIX.length), 'hex');
  const payload = bytes.subarray(0, 8);
  if (!timingSafeEqual(bytes.subarray(8), mac(key, payload))) return null;
  return { eventId: payload.readUInt32BE(0), registrationId: payload.readUInt32BE(4) };
}
