import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import pino from 'pino';
import { createApp } from './app';
import { appConfigFrom, type ResolvedUpstream } from './config/app-config';
import { ConfigError, type EnvConfig, loadEnv } from './config/env';

/** Boot: validated env, the embedded upstream when no remote one is configured, listen, drain on signals. */
async function main() {
  let env: EnvConfig;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: env.logLevel });
  if (env.sessionSecretGenerated) {
    logger.warn('SESSION_SECRET is not set: a random secret was drawn, sessions end when the process stops');
  }

  let upstream: ResolvedUpstream;
  let closeUpstream = async () => {};
  if (env.upstream) {
    upstream = { ...env.upstream, outboxUrl: null };
  } else {
    // The shared webhook header exists only between this process and its embedded upstream.
    const webhookHeaderValue = randomBytes(32).toString('base64url');
    const { startUpstream } = await import('@evt/upstream/server');
    const embedded = await startUpstream({
      host: '127.0.0.1',
      port: 0,
      dataDir: env.upstreamDataDir,
      databaseUrl: env.databaseUrl ?? undefined,
      smtpUrl: env.smtpUrl ?? undefined,
      webhookHeaderName: env.webhookHeaderName,
      webhookHeaderValue,
      seedDemo: true,
      logger: logger.child({ component: 'upstream' }),
    });
    upstream = { ...embedded, webhookHeaderValue };
    closeUpstream = () => embedded.close();
  }

  const bff = await createApp(appConfigFrom(env, upstream), { logger });
  const server = createServer(bff.handler);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.port, env.host, () => resolve());
  });
  logger.info({ port: env.port, host: env.host, publicUrl: env.publicUrl }, 'BFF listening');
  if (!env.upstream) {
    const { DEMO_ORGANISER } = await import('@evt/upstream/seed/demo');
    console.log(
      [
        '',
        `  Open ${env.publicUrl}`,
        `  Demo organiser: ${DEMO_ORGANISER.email} / ${DEMO_ORGANISER.password}`,
        `  Mail outbox (development only): ${env.publicUrl}/_dev/outbox`,
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    const force = setTimeout(() => {
      logger.error('drain took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await bff.close().catch((error) => logger.error({ err: error }, 'closing the BFF failed'));
    await closeUpstream().catch((error) => logger.error({ err: error }, 'closing the upstream failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
