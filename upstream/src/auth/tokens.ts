import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: access tokens, and the codes sent by mail. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak yields no usable token or code. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
