import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookSignature } from './signature';

// What a receiver does: recompute the HMAC of "<t>.<body>" with the secret it holds and look for it among
// the header's v1 values.
function receiverAccepts(header: string, body: string, secret: string): boolean {
  const parts = header.split(',');
  const t = parts.find((part) => part.startsWith('t='))?.slice(2);
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some((part) => part === `v1=${expected}`);
}

describe('webhookSignature', () => {
  const body = '{"id":"evt_1","type":"registration.created"}';

  it('signs the timestamp and the body with one v1 per active secret (rotation)', () => {
    const header = webhookSignature(body, ['old-secret', 'new-secret'], 1_700_000_000);
    expect(header.startsWith('t=1700000000,')).toBe(true);
    expect(receiverAccepts(header, body, 'old-secret')).toBe(true);
    expect(receiverAccepts(header, body, 'new-secret')).toBe(true);
    expect(receiverAccepts(header, body, 'other-secret')).toBe(false);
  });

  it('does not verify a changed body or timestamp', () => {
    const header = webhookSignature(body, ['s'], 1_700_000_000);
    expect(receiverAccepts(header, `${body} `, 's')).toBe(false);
    expect(receiverAccepts(header.replace('t=1700000000', 't=1700000001'), body, 's')).toBe(false);
  });
});
