import type { TestProject } from 'vitest/node';
import { type PrivateRedis, startPrivateRedis } from '../../scripts/lib/redis.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

let redis: PrivateRedis | undefined;

/**
 * Tests talk to a real Redis. When REDIS_URL is unset (plain `npx vitest run`), a private redis-server is
 * started on a free loopback port; it is exported as REDIS_URL before the workers start (they inherit the
 * environment) and provided as `inject('redisUrl')`.
 */
export async function setup(project: TestProject): Promise<void> {
  if (!process.env.REDIS_URL) {
    redis = await startPrivateRedis();
    process.env.REDIS_URL = redis.url;
  }
  project.provide('redisUrl', process.env.REDIS_URL as string);
}

export async function teardown(): Promise<void> {
  await redis?.stop();
  redis = undefined;
}
