import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { TokenCache } from './auth/token-cache';
import type { Ctx } from './context';
import { type Db, openDb } from './db/db';
import { migrate } from './db/migrate';
import { defaultLogger } from './logger';
import { createMailer } from './mail/mailer';
import { seedDemo } from './seed/demo';

export interface UpstreamOptions {
  host?: string;
  port?: number;
  /** postgres://... => node-postgres Pool; otherwise embedded PGlite */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for in-memory; default '.data/upstream' (relative to cwd) */
  dataDir?: string;
  /** with an in-memory PGlite: the snapshot file it starts from (tests: migrated and seeded once per run) */
  initialData?: string;
  /** when set, mail goes out by SMTP (nodemailer); otherwise to the outbox */
  smtpUrl?: string;
  webhookHeaderName: string;
  webhookHeaderValue: string;
  /** seed the demo data (published passwords) into an empty database; off unless asked for */
  seedDemo?: boolean;
  /** the BFF's public address: where the personal links of mailings point (unsubscribe, event page) */
  publicUrl?: string;
  /** default 3600 */
  tokenTtlSeconds?: number;
  logger?: {
    info(o: object, m?: string): void;
    warn(o: object, m?: string): void;
    error(o: object, m?: string): void;
  };
}

export interface RunningUpstream {
  apiUrl: string;
  /** its database, for a test or a bench in the same process to seed */
  db: Db;
  webhookUrl: string;
  outboxUrl: string;
  close(): Promise<void>;
}

export async function startUpstream(options: UpstreamOptions): Promise<RunningUpstream> {
  const logger = options.logger ?? defaultLogger;
  const db = await openDb({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    initialData: options.initialData,
  });
  let mail: ReturnType<typeof createMailer> | undefined;
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ applied, engine: db.kind }, 'upstream migrations applied');
    if (options.seedDemo === true && (await seedDemo(db, new Date(), options.publicUrl)))
      logger.info({}, 'upstream demo data seeded');
    mail = createMailer(db, logger, options.smtpUrl);
    const ctx: Ctx = {
      db,
      mail,
      logger,
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      tokens: new TokenCache(db.kind === 'pglite'),
      webhookHeaderName: options.webhookHeaderName,
      webhookHeaderValue: options.webhookHeaderValue,
      publicUrl: options.publicUrl,
    };
    const server = createServer(createApp(ctx));
    // Longer than the BFF's keep-alive agent idle time, so the BFF never reuses a socket we just closed.
    server.keepAliveTimeout = 65_000;
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    logger.info({ origin, engine: db.kind, mail: options.smtpUrl ? 'smtp' : 'outbox' }, 'upstream listening');
    const activeMail = mail;
    let closing: Promise<void> | undefined;
    return {
      db,
      apiUrl: origin,
      webhookUrl: `${origin}/webhook`,
      outboxUrl: `${origin}/outbox`,
      close() {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 2000).unref();
          });
          activeMail.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    mail?.close();
    await db.close().catch(() => {});
    throw error;
  }
}
