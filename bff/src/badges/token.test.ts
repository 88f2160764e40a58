import { describe, expect, it } from 'vitest';
import { badgeKey, signBadgeToken, verifyBadgeToken } from './token';

const key = badgeKey('a-badge-secret-of-at-least-32-characters!!', 'unused');

describe('badge tokens', () => {
  it('reads back the ids it signed, and carries nothing else', () => {
    const token = signBadgeToken(key, 12, 3456);
    expect(token).toMatch(/^EVB1[0-9A-F]{48}$/);
    expect(verifyBadgeToken(key, token)).toEqual({ eventId: 12, registrationId: 3456 });
    expect(verifyBadgeToken(key, ` ${token.toLowerCase()}\n`)).toEqual({ eventId: 12, registrationId: 3456 });
  });

  it('refuses a token with any one byte changed', () => {
    const token = signBadgeToken(key, 12, 3456);
    const hex = token.slice(4);
    for (let byte = 0; byte < hex.length / 2; byte++) {
      const at = byte * 2;
      const changed = ((Number.parseInt(hex.slice(at, at + 2), 16) ^ 0x01) & 0xff)
        .toString(16)
        .padStart(2, '0');
      const tampered = `EVB1${hex.slice(0, at)}${changed.toUpperCase()}${hex.slice(at + 2)}`;
      expect(verifyBadgeToken(key, tampered), `byte ${byte}`).toBeNull();
    }
  });

  it('refuses tokens of another key, truncated ones and other text', () => {
    const other = badgeKey(null, 'another-session-secret-of-32-characters-or-more');
    expect(verifyBadgeToken(key, signBadgeToken(other, 12, 3456))).toBeNull();
    const token = signBadgeToken(key, 12, 3456);
    expect(verifyBadgeToken(key, token.slice(0, -2))).toBeNull();
    expect(verifyBadgeToken(key, 'Jane Doe')).toBeNull();
    expect(verifyBadgeToken(key, '')).toBeNull();
  });
});
