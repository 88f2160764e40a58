import { expect } from 'vitest';

/**
 * The organiser's decision on the Google emulator's consent page, as a browser posts it: `allow` grants
 * `scopes` (every scope asked by default), `deny` is Cancel. Answers the address Google sends the browser
 * back to (the BFF's callback, with `state` and `code` or `error`).
 */
export async function decideConsent(
  emulatorUrl: string,
  consentLocation: string,
  options: { decision?: 'allow' | 'deny'; scopes?: string[]; email?: string } = {},
): Promise<URL> {
  const consent = new URL(consentLocation);
  const form = new URLSearchParams();
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']) {
    form.set(name, consent.searchParams.get(name) ?? '');
  }
  form.set('email', options.email ?? 'camille@gmail.example');
  form.set('decision', options.decision ?? 'allow');
  const asked = (consent.searchParams.get('scope') ?? '').split(' ');
  for (const scope of options.scopes ?? asked) form.append('granted', scope);
  const decided = await fetch(`${emulatorUrl}/o/oauth2/v2/auth/decision`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(decided.status).toBeGreaterThanOrEqual(300);
  return new URL(decided.headers.get('location') as string);
}
