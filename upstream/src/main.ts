import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { z } from 'zod';
import { DEMO_ORGANISER } from './seed/demo';
import { startUpstream } from './server';

/** Standalone reference upstream (docker-compose, benchmarks). */
const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z.string().optional(),
    UPSTREAM_DATA_DIR: z.string().default('.data/upstream'),
    SMTP_URL: z.string().optional(),
    AUTOMATION_WEBHOOK_HEADER_NAME: z.string().min(1).default(DEFAULT_WEBHOOK_HEADER_NAME),
    AUTOMATION_WEBHOOK_HEADER_VALUE: z.string().min(16, 'must be at least 16 characters'),
    UPSTREAM_SEED_DEMO: z.enum(['true', 'false', '1', '0']).default('true'),
  })
  .safeParse(process.env);

if (!env.success) {
  for (const issue of env.error.issues)
    console.error(`upstream config: ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const config = env.data;
const log =
  (level: string) =>
  (o: object, m?: string): void => {
    console.log(JSON.stringify({ level, time: new Date().toISOString(), msg: m, ...o }));
  };

const upstream = await startUpstream({
  host: config.HOST,
  port: config.PORT,
  databaseUrl: config.DATABASE_URL || undefined,
  dataDir: config.UPSTREAM_DATA_DIR,
  smtpUrl: config.SMTP_URL || undefined,
  webhookHeaderName: config.AUTOMATION_WEBHOOK_HEADER_NAME,
  webhookHeaderValue: config.AUTOMATION_WEBHOOK_HEADER_VALUE,
  seedDemo: config.UPSTREAM_SEED_DEMO === 'true' || config.UPSTREAM_SEED_DEMO === '1',
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
});
console.log(
  `Reference upstream on ${upstream.apiUrl} (webhook ${upstream.webhookUrl}, outbox ${upstream.outboxUrl}); demo organiser ${DEMO_ORGANISER.email} / ${DEMO_ORGANISER.password}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    upstream.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
