import { createApp } from './app';
import { appConfigFrom, type ResolvedUpstream } from './config/app-config';
import { ConfigError, type EnvConfig, loadEnv } from './config/env';
import { createLogger } from './observability/logger';
import { createBffServer, DEFAULT_LIMITS, drainOnSignals, type ServerLimits } from './server';
import { startEmbeddedUpstream, startGoogleDemo } from './upstream/embedded';
import { GOOGLE_ENDPOINTS, type GoogleConfig } from './google/google-config';
import type { Logger } from 'pino';
import { loadJobsEnv, startJobRuntime } from './jobs/runtime';

/** Server limits from the environment (milliseconds / bytes); a bad value stops the boot. */
function limitsFrom(vars: NodeJS.ProcessEnv): { limits: ServerLimits; graceMs: number } {
  const read = (name: string, fallback: number) => {
    const raw = vars[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new ConfigError([`${name}: a positive integer is expected`]);
    return value;
  };
  return {
    limits: {
      headersTimeoutMs: read('HTTP_HEADERS_TIMEOUT_MS', DEFAULT_LIMITS.headersTimeoutMs),
      requestTimeoutMs: read('HTTP_REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs),
      keepAliveTimeoutMs: read('HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_LIMITS.keepAliveTimeoutMs),
      maxHeaderSize: read('HTTP_MAX_HEADER_SIZE', DEFAULT_LIMITS.maxHeaderSize),
    },
    graceMs: read('SHUTDOWN_GRACE_MS', 10_000),
  };
}

/** Google itself when a client is configured; else, outside production, the local emulator (a demo). */
async function googleFor(
  env: EnvConfig,
  logger: Logger,
): Promise<{ config: GoogleConfig | null; close(): Promise<void> }> {
  if (env.googleTokenKeyGenerated && (env.google || !env.production)) {
    // another instance (or this one after a restart) cannot read what this key sealed: its organisers
    // see "renew the connection" there, and each such read is logged as an error
    logger.warn(
      'GOOGLE_TOKEN_KEYS is not set: a key was drawn for this process; Google connections last as long as it, and other instances cannot read them',
    );
  }
  if (env.google)
    return { config: { ...env.google, ...GOOGLE_ENDPOINTS, demo: false }, close: async () => {} };
  if (env.production) return { config: null, close: async () => {} };
  return startGoogleDemo(env);
}

/** Boot: validated env, the embedded upstream when no remote one is configured, listen, drain on signals. */
async function main() {
  let env: EnvConfig;
  let server: ReturnType<typeof limitsFrom>;
  let jobsEnv: ReturnType<typeof loadJobsEnv>;
  try {
    env = loadEnv(process.env);
    server = limitsFrom(process.env);
    jobsEnv = loadJobsEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.logLevel);
  if (env.sessionSecretGenerated) {
    logger.warn('SESSION_SECRET is not set: a random secret was drawn, sessions end when the process stops');
  }

  let upstream: ResolvedUpstream;
  let closeUpstream = async () => {};
  let demoData = false;
  if (env.upstream) {
    upstream = { ...env.upstream, outboxUrl: null };
  } else {
    const embedded = await startEmbeddedUpstream(env, logger);
    upstream = embedded;
    demoData = embedded.demoData;
    closeUpstream = () => embedded.close();
    if (env.production && !env.smtpUrl) {
      logger.warn('SMTP_URL is not set: the embedded upstream keeps its mail in an outbox nobody can read');
    }
  }
  if (!env.metricsToken && env.production) {
    logger.warn('METRICS_TOKEN is not set: /metrics is not served');
  }

  const google = await googleFor(env, logger);
  const appConfig = appConfigFrom(env, upstream, google.config);
  // the job queue (mailings): on Redis when REDIS_URL is set, else in this process
  const jobs = await startJobRuntime(appConfig, jobsEnv, logger);
  // the BFF works the online B2B links' jobs itself (they need its Google connections)
  const bff = await createApp(appConfig, { logger, jobs: jobs.queue });
  const http = createBffServer(bff.handler, server.limits);
  await new Promise<void>((resolve, reject) => {
    http.server.once('error', reject);
    http.server.listen(env.port, env.host, () => resolve());
  });
  const address = http.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  logger.info({ port, host: env.host, publicUrl: env.publicUrl }, 'BFF listening');
  if (demoData) {
    const { DEMO_ORGANISER } = await import('@evt/upstream/seed/demo');
    console.log(
      [
        '',
        `  Open ${env.publicUrl}`,
        `  Demo organiser: ${DEMO_ORGANISER.email} / ${DEMO_ORGANISER.password}`,
        `  Mail outbox (development only): ${env.publicUrl}/_dev/outbox`,
        ...(google.config?.demo ? ['  Google Calendar: local emulator (demo), nothing reaches Google'] : []),
        '',
      ].join('\n'),
    );
  }

  drainOnSignals(http, {
    graceMs: server.graceMs,
    logger,
    async cleanup() {
      // the queue gets a bounded share of the three seconds cleanup has (server.ts): a job it lets go of
      // is taken over by another worker, and the upstream's per-recipient claim keeps it from going twice
      const queueClosed = jobs
        .close()
        .catch((error) => logger.error({ err: error }, 'closing the job queue failed'));
      await Promise.race([queueClosed, new Promise((resolve) => setTimeout(resolve, 1500).unref())]);
      await bff.close().catch((error) => logger.error({ err: error }, 'closing the BFF failed'));
      await closeUpstream().catch((error) => logger.error({ err: error }, 'closing the upstream failed'));
      await google.close().catch(() => undefined);
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
