import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './support/sequencer';

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
    // One product per worker (support/global-setup.ts starts them; E2E_WORKERS chooses how many, 1 runs all
    // files on one product): files that change the demo data, erasing a registration or closing a form,
    // never race another file on the same product. A browser test spends part of its time waiting (pages loading, mails and jobs
    // arriving): two workers used about 940 CPU-seconds in an 892 s phase as /usr/bin/time counted them, so
    // one and a half workers per core (docs/testing.md has the whole-run figures).
    maxWorkers: Number(process.env.E2E_WORKERS) || Math.ceil(availableParallelism() * 1.5),
    sequence: { sequencer: LongestFirstSequencer },
    // a hang still ends the test; three products on two cores make a slow step slower, not wrong
    testTimeout: 90_000,
    hookTimeout: 120_000,
    retry: 0,
    // A worker runs its files in one process: each file otherwise started its own and imported playwright-core
    // and the support modules again (nine short files: 115 → 99 CPU-seconds, docs/testing.md). A file's state
    // lives in its own module and hooks (support/suite.ts); the shared modules hold nothing that changes.
    isolate: false,
  },
});
