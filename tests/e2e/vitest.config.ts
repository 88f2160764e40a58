import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: real headless Chromium against the built product started as a real process (see
 * support/global-setup.ts). One worker per product, each running its files one after another against its own
 * product (support/products.ts); `npm test` runs this after `npm run build`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // one worker per core (or E2E_WORKERS), each with a product of its own (support/global-setup.ts starts
    // one per worker: files that change the demo data, erasing a registration or closing a form, never race
    // another file on the same product); E2E_WORKERS=1 or `--maxWorkers=1` runs them all on one product
    maxWorkers: Number(process.env.E2E_WORKERS) || availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
