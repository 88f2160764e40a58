import { ConfigError, loadEnv } from '../config/env';
import { createLogger } from '../observability/logger';
import { loadJobsEnv, startJobRuntime } from './runtime';

/**
 * A worker process of its own (`npm run worker -w bff`): the same jobs as a BFF with JOBS_WORKER=inline,
 * without serving HTTP. It needs the shared queue (REDIS_URL) and a remote upstream (UPSTREAM_API_URL,
 * AUTOMATION_WEBHOOK_URL and its header value): an embedded upstream lives inside one BFF.
 */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  let jobsEnv: ReturnType<typeof loadJobsEnv>;
  try {
    env = loadEnv(process.env);
    jobsEnv = loadJobsEnv(process.env);
    if (!env.redisUrl || !env.upstream)
      throw new ConfigError([
        'a separate worker needs REDIS_URL and a remote upstream (UPSTREAM_API_URL, AUTOMATION_WEBHOOK_URL)',
      ]);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const logger = createLogger(env.logLevel);
  const runtime = await startJobRuntime(
    {
      redisUrl: env.redisUrl,
      keyPrefix: jobsEnv.JOBS_KEY_PREFIX,
      upstreamApiUrl: env.upstream.apiUrl,
      upstreamTimeoutMs: env.upstreamTimeoutMs,
      badgeTokenSecret: env.badgeTokenSecret,
      sessionSecrets: env.sessionSecrets,
      webhookUrl: env.upstream.webhookUrl,
      webhookHeaderName: env.webhookHeaderName,
      webhookHeaderValue: env.upstream.webhookHeaderValue,
      production: env.production,
      publicUrl: env.publicUrl,
    },
    jobsEnv,
    logger,
    true,
  );
  logger.info({ pid: process.pid }, 'job worker started');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    runtime.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
