import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fr from '../../../locales/fr.json' with { type: 'json' };
import { DEMO_ORGANISER, JSON_WRITE, type RunningBff, startBff, startUpstream, testConfig } from '../helpers';

// Sign-in was limited per address only: an attacker spreading guesses over many addresses could try one
// account's password without end. Refused passwords are now counted per account too (OWASP ASVS 2.2.1),
// with a delay that grows with them, never a ban: the owner gets in once the wait is over, and tries
// refused meanwhile do not make it longer. A sign-in window of 30 s makes the steps 2 s, 10 s and 30 s.

const WINDOW_MS = 30_000;
let upstream: TestUpstream;
let bff: RunningBff;
let addresses = 0;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(
    testConfig(upstream, { rateLimitWindowMs: WINDOW_MS, rateLimitAuthMax: 1000, trustProxy: 1 }),
  );
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

/** One sign-in from an address of its own (the attacker's many addresses: the per-address limit never counts). */
async function signIn(password: string, email: string = DEMO_ORGANISER.email) {
  const answer = await fetch(`${bff.url}/api/auth/login`, {
    method: 'POST',
    headers: { ...JSON_WRITE, 'x-forwarded-for': `198.51.100.${++addresses % 250}`, 'accept-language': 'fr' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await answer.json()) as {
    error?: { code: string; message: string; details?: { retryAfterSeconds?: number } };
  };
  return { status: answer.status, error: body.error };
}
const wrong = () => signIn('not-the-password');
const right = () => signIn(DEMO_ORGANISER.password);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refused passwords are counted per account, with a delay that grows', () => {
  it('holds an account after 5 refused passwords from 5 addresses, then lets its owner in', async () => {
    /** five refused passwords at once, from five addresses */
    const fiveWrong = async () => {
      for (const answer of await Promise.all(Array.from({ length: 5 }, wrong)))
        expect(answer.status).toBe(401);
    };
    await fiveWrong();
    // the right password too: answering it would tell the attacker it is right
    const held = await right();
    expect(held.status).toBe(429);
    expect(held.error?.code).toBe('errors.signInDelayed');
    expect(held.error?.message).toBe(fr.errors.signInDelayed);
    const firstWait = held.error?.details?.retryAfterSeconds ?? 0;
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(2);
    // hammering during the wait is refused and does not make it longer
    for (const answer of await Promise.all(Array.from({ length: 3 }, wrong))) expect(answer.status).toBe(429);
    // another account is not held
    expect((await signIn('not-the-password', 'someone-else@example.org')).status).toBe(401);

    await sleep(firstWait * 1000 + 100);
    expect((await right()).status).toBe(200);

    // more refused passwords: the next wait is longer, and still ends
    await fiveWrong();
    const again = await right();
    expect(again.status).toBe(429);
    const secondWait = again.error?.details?.retryAfterSeconds ?? 0;
    expect(secondWait).toBeGreaterThan(firstWait);
    expect(secondWait).toBeLessThanOrEqual(10);
    await sleep(secondWait * 1000 + 100);
    expect((await right()).status).toBe(200);
  }, 30_000);

  it('counts the account however its address is written', async () => {
    const email = 'Case-Test@Example.org';
    for (const spelling of [email, email.toLowerCase(), ` ${email.toUpperCase()} `, email, email]) {
      expect((await signIn('not-the-password', spelling)).status).not.toBe(429);
    }
    expect((await signIn('not-the-password', email.toLowerCase())).status).toBe(429);
  });
});
