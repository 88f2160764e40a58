import { randomBytes } from 'node:crypto';
import { copyTestDatabase, dropTestDatabases, postgresReachable } from '@evt/upstream/db/test-postgres';
import { createSeededTemplate } from '@evt/upstream/test-helpers';
import type { BrowserServer } from 'playwright-core';
import { parseCLI, type TestProject } from 'vitest/node';
import { type PrivateRedis, startPrivateRedis } from '../../../scripts/lib/redis.mjs';
import { launchBrowserServer } from './browser';
import { type Product, startProduct } from './product';
import type { ProductEndpoints } from './products';

declare module 'vitest' {
  export interface ProvidedContext {
    /** one product per worker (products.ts picks a file's) */
    products: ProductEndpoints[];
    browserWsEndpoint: string;
    webhookHeaderValue: string;
    /** the key the product signs badges' QR codes with: tests make a badge's code as printed */
    badgeTokenSecret: string;
  }
}

const redises: PrivateRedis[] = [];
let products: Product[] = [];
let browser: BrowserServer | undefined;
let template: string | undefined;

/** As many products as workers will run, and no more than there are files to run (one file: one product). */
async function productCount(project: TestProject): Promise<number> {
  const { filter } = parseCLI(['vitest', ...process.argv.slice(2)]);
  const { testFiles } = await project.globTestFiles(filter);
  return Math.max(1, Math.min(project.config.maxWorkers, testFiles.length));
}

/**
 * One product process per worker (support/products.ts), started side by side, and one browser that every
 * test file connects to. Each product has its own upstream database with the demo data (a copy of one
 * seeded template on the machine's PostgreSQL when it answers, else a fresh PGlite data directory that
 * the product seeds) and its own Redis (sessions, rate limits, queues, and the channels that tell instances of one deployment
 * to drop cached access: products sharing one would hear each other).
 */
export async function setup(project: TestProject): Promise<void> {
  const privateRedis = async () => {
    const redis = await startPrivateRedis();
    redises.push(redis);
    return redis.url;
  };
  const redisUrls = [process.env.REDIS_URL ?? (await privateRedis())];
  // A known value so the tests can prove the browser never sees it (used by the embedded upstream when the
  // BFF passes it on; see README "Configuration").
  const webhookHeaderValue = `e2e-webhook-${randomBytes(16).toString('hex')}`;
  const badgeTokenSecret = `e2e-badges-${randomBytes(16).toString('hex')}`;
  const start = async (redisUrl: string) =>
    startProduct({
      redisUrl,
      env: {
        AUTOMATION_WEBHOOK_HEADER_VALUE: webhookHeaderValue,
        BADGE_TOKEN_SECRET: badgeTokenSecret,
        ...(template ? { DATABASE_URL: await copyTestDatabase(template) } : {}),
      },
      // several products boot side by side, each migrating (and without the template seeding) its own
      // database: on a loaded 2-core machine that was seen to take 85 s; this is only how long a failed
      // start takes to be said
      readyTimeoutMs: Number(process.env.E2E_READY_TIMEOUT_MS ?? 180_000),
    });
  const count = await productCount(project);
  const browserStarted = launchBrowserServer().then((server) => {
    browser = server;
    return server;
  });
  try {
    if (process.env.EVT_TEST_PGLITE !== '1' && (await postgresReachable()))
      template = await createSeededTemplate();
    for (let i = 1; i < count; i++) redisUrls.push(await privateRedis());
    const started = await Promise.allSettled(redisUrls.map((redisUrl) => start(redisUrl)));
    for (const result of started) if (result.status === 'fulfilled') products.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await browserStarted;
  } catch (error) {
    // vitest runs no teardown after a failed setup: what was started is stopped here
    await browserStarted.catch(() => undefined);
    await teardown();
    throw error;
  }
  project.provide('browserWsEndpoint', (browser as BrowserServer).wsEndpoint());
  project.provide(
    'products',
    products.map((product, i) => ({ baseUrl: product.baseUrl, redisUrl: redisUrls[i] as string })),
  );
  project.provide('webhookHeaderValue', webhookHeaderValue);
  project.provide('badgeTokenSecret', badgeTokenSecret);
}

export async function teardown(): Promise<void> {
  if (process.env.E2E_SHOW_LOGS) for (const product of products) console.log(product.logs());
  await Promise.all(products.map((product) => product.stop()));
  products = [];
  await browser?.close();
  browser = undefined;
  await Promise.all(redises.splice(0).map((redis) => redis.stop()));
  // the template and the products' copies of it
  if (template) await dropTestDatabases(template);
  template = undefined;
}
