import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { ResolvedUpstream } from '../config/app-config';
import type { EnvConfig } from '../config/env';
import { emulatorEndpoints, type GoogleConfig } from '../google/google-config';

export interface EmbeddedUpstream extends ResolvedUpstream {
  /** true when the demo accounts (whose password README publishes) were allowed in */
  demoData: boolean;
  close(): Promise<void>;
}

/**
 * The reference upstream in this process, for a configuration without a remote one. In production (only
 * reachable with EMBEDDED_UPSTREAM=true) it starts empty: the demo accounts' password is published, so
 * seeding them would hand the console to anyone.
 */
export async function startEmbeddedUpstream(env: EnvConfig, logger: Logger): Promise<EmbeddedUpstream> {
  // Unless configured, the shared webhook header exists only between this process and its embedded upstream.
  const webhookHeaderValue = env.embeddedWebhookHeaderValue ?? randomBytes(32).toString('base64url');
  const demoData = !env.production;
  const { startUpstream } = await import('@evt/upstream/server');
  const embedded = await startUpstream({
    host: '127.0.0.1',
    port: 0,
    dataDir: env.upstreamDataDir,
    databaseUrl: env.databaseUrl ?? undefined,
    smtpUrl: env.smtpUrl ?? undefined,
    webhookHeaderName: env.webhookHeaderName,
    webhookHeaderValue,
    seedDemo: demoData,
    publicUrl: env.publicUrl,
    logger: logger.child({ component: 'upstream' }),
  });
  return { ...embedded, webhookHeaderValue, demoData };
}

/**
 * The local Google emulator (OAuth and Calendar events) standing in for Google when no client is
 * configured, outside production: the meetings pages work end to end and say it is a demo.
 */
export async function startGoogleDemo(
  env: EnvConfig,
): Promise<{ config: GoogleConfig; close(): Promise<void> }> {
  const { startGoogleEmulator } = await import('@evt/upstream/google-emulator/emulator');
  const clientId = 'demo-client.apps.googleusercontent.com';
  const clientSecret = randomBytes(24).toString('base64url');
  const redirectUri = `${env.publicUrl}/api/google/callback`;
  const emulator = await startGoogleEmulator({
    host: '127.0.0.1',
    clients: [{ clientId, clientSecret, redirectUris: [redirectUri] }],
  });
  return {
    config: { clientId, clientSecret, redirectUri, ...emulatorEndpoints(emulator.url), demo: true },
    close: () => emulator.close(),
  };
}
