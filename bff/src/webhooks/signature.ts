import { createHmac } from 'node:crypto';

/**
 * The `Evt-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per active
 * secret, so a receiver keeps verifying during a rotation whichever of the two secrets it holds.
 */
export function webhookSignature(body: string, secrets: readonly string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  return [`t=${unixSeconds}`, ...v1].join(',');
}
