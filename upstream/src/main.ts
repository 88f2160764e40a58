import { standaloneConfig } from './config';
import { DEMO_ORGANISER } from './seed/demo';
import { startUpstream } from './server';

/** Standalone reference upstream (docker-compose, benchmarks). */
const parsed = standaloneConfig(process.env);
if ('problems' in parsed) {
  for (const problem of parsed.problems) console.error(`upstream config: ${problem}`);
  process.exit(1);
}
const { config } = parsed;
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
  seedDemo: config.seedDemo,
  publicUrl: config.PUBLIC_URL,
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
});
console.log(
  `Reference upstream on ${upstream.apiUrl} (webhook ${upstream.webhookUrl}, outbox ${upstream.outboxUrl})${
    config.seedDemo ? `; demo organiser ${DEMO_ORGANISER.email} / ${DEMO_ORGANISER.password}` : ''
  }`,
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
