import { randomBytes } from 'node:crypto';
import {
  type GoogleEmulatorOptions,
  type RunningGoogleEmulator,
  startGoogleEmulator,
} from '@evt/upstream/google-emulator/emulator';
import type { AppConfig } from '../src/config/app-config';
import { emulatorEndpoints } from '../src/google/google-config';
import { CSRF, JSON_WRITE, testConfig } from './helpers';

/** The address the tests' BFF says it lives at, and Google's return to it (registered with the emulator). */
export const GOOGLE_PUBLIC = 'http://localhost:3000';
export const GOOGLE_REDIRECT = `${GOOGLE_PUBLIC}/api/google/callback`;

/** An OAuth client for the emulator, its secret new each run (so a test can look for it in the logs). */
export const googleTestClient = (clientId = 'test-client.apps.googleusercontent.com') => ({
  clientId,
  clientSecret: randomBytes(16).toString('hex'),
});

type GoogleConfig = NonNullable<AppConfig['google']>;

/**
 * The local Google emulator with the test client registered for the tests' callback, and a BFF config that
 * connects through it (the demo mode on, one token key). `google` adds to the connection's settings
 * (shorter deadlines), `emulator` to the emulator's.
 */
export async function startGoogleRig(
  upstream: { apiUrl: string; webhookUrl: string },
  options: {
    client?: { clientId: string; clientSecret: string };
    emulator?: Omit<GoogleEmulatorOptions, 'clients'>;
    google?: Partial<GoogleConfig>;
  } = {},
): Promise<{
  emulator: RunningGoogleEmulator;
  config: AppConfig;
  client: { clientId: string; clientSecret: string };
}> {
  const client = options.client ?? googleTestClient();
  const emulator = await startGoogleEmulator({
    ...options.emulator,
    clients: [{ ...client, redirectUris: [GOOGLE_REDIRECT] }],
  });
  const config = testConfig(upstream, {
    google: {
      ...client,
      redirectUri: GOOGLE_REDIRECT,
      ...emulatorEndpoints(emulator.url),
      demo: true,
      ...options.google,
    },
    googleTokenKeys: [{ id: 'k1', key: randomBytes(32) }],
  });
  return { emulator, config, client };
}

/** One `/api` call with a session cookie: status, redirect, JSON answer, and how long it took. */
export async function apiCall(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const started = Date.now();
  const response = await fetch(`${base}/api${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, ...(body === undefined ? CSRF : JSON_WRITE) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null;
  return {
    status: response.status,
    location: response.headers.get('location'),
    json,
    text,
    ms: Date.now() - started,
  };
}

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
  if (decided.status < 300 || decided.status >= 400) throw new Error(`consent answered ${decided.status}`);
  return new URL(decided.headers.get('location') as string);
}

/**
 * The same decision for the tests' BFF (`consent`: where its connect sent the browser): the Google account,
 * the scopes granted or a refusal. Answers the query of Google's return to the BFF's callback.
 */
export async function googleConsent(
  emulatorUrl: string,
  consent: URL,
  options: { email: string; scopes?: string[]; deny?: boolean },
): Promise<string> {
  const back = await decideConsent(emulatorUrl, consent.href, {
    decision: options.deny ? 'deny' : 'allow',
    scopes: options.scopes,
    email: options.email,
  });
  if (back.origin + back.pathname !== GOOGLE_REDIRECT) throw new Error(`unexpected return ${back.pathname}`);
  return back.search;
}
