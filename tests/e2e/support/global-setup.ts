import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import type { BrowserServer } from 'playwright-core';
import { type PrivateRedis, startPrivateRedis } from '../../../scripts/lib/redis.mjs';
import { launchBrowserServer } from './browser';
import { type Product, startProduct } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    redisUrl: string;
    webhookHeaderValue: string;
  }
}

let redis: PrivateRedis | undefined;
let product: Product | undefined;
let browser: BrowserServer | undefined;

/**
 * One product process for the whole browser run (its start-up, with the upstream's database, is the slow
 * part), and one browser that every test file connects to.
 */
export async function setup(project: TestProject): Promise<void> {
  if (!process.env.REDIS_URL) {
    redis = await startPrivateRedis();
    process.env.REDIS_URL = redis.url;
  }
  const redisUrl = process.env.REDIS_URL as string;
  // A known value so the tests can prove the browser never sees it (used by the embedded upstream when the
  // BFF passes it on; see README "Configuration").
  const webhookHeaderValue = `e2e-webhook-${randomBytes(16).toString('hex')}`;
  product = await startProduct({
    redisUrl,
    env: { AUTOMATION_WEBHOOK_HEADER_VALUE: webhookHeaderValue },
    // a loaded machine (several test runs at once) may need longer than the default minute
    readyTimeoutMs: Number(process.env.E2E_READY_TIMEOUT_MS ?? 60_000),
  });
  browser = await launchBrowserServer();
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('baseUrl', product.baseUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('webhookHeaderValue', webhookHeaderValue);
}

export async function teardown(): Promise<void> {
  if (process.env.E2E_SHOW_LOGS && product) console.log(product.logs());
  await product?.stop();
  await browser?.close();
  await redis?.stop();
}
