import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateProgramme } from './generate';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ScheduleResult } from './api';
import { scheduleProven } from './optimum';
import { runScheduleInWorker } from './worker';

const wasm = createRequire(import.meta.url).resolve('highs/runtime');

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('runScheduleInWorker', () => {
  it('keeps the event loop turning, and gives the same schedule as in-process', async () => {
    const { input } = generateProgramme({ companies: 600, requests: 4000, slots: 20, tables: 80, seed: 5 });
    // above the exact solver's size: the heuristic and the flow bound
    const big = { ...input, options: { seed: 3 } };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    const result = await runScheduleInWorker(big);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // a blocked loop would tick once at most, after the run
    expect(ticks).toBeGreaterThanOrEqual(Math.min(5, Math.floor(elapsed / 100)));
    expect(result.stats.placed).toBeGreaterThan(0);
    expect(result.stats.upperBound).toBeGreaterThanOrEqual(result.stats.placed);
    const small = generateProgramme({
      companies: 20,
      requests: 60,
      slots: 4,
      tables: 3,
      seed: 9,
      lockedShare: 0.2,
    });
    const again = { ...small.input, options: { seed: 2 } };
    expect(await runScheduleInWorker(again)).toEqual(await scheduleProven(again, wasm));
  }, 300_000);

  it('gives the same schedule in simultaneous runs beside a CPU burner (budgets in work, not time)', async () => {
    const { input } = generateProgramme({ companies: 600, requests: 4000, slots: 20, tables: 80, seed: 11 });
    const programme = { ...input, options: { seed: 7 } };
    const hash = (result: ScheduleResult) =>
      createHash('sha256')
        .update(JSON.stringify([result.placed, result.unplaced]))
        .digest('hex');
    const alone = hash(await runScheduleInWorker(programme));
    const burner = new Worker('const end = Date.now() + 60_000; while (Date.now() < end) {}', { eval: true });
    try {
      const loaded = await Promise.all([1, 2, 3].map(() => runScheduleInWorker(programme)));
      expect(loaded.map(hash)).toEqual([alone, alone, alone]);
    } finally {
      await burner.terminate();
    }
  }, 300_000);

  it('rejects when aborted', async () => {
    const { input } = generateProgramme({ companies: 10, requests: 10, slots: 2, tables: 1 });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(runScheduleInWorker(input, { signal: controller.signal })).rejects.toThrow('stopped');
  });

  it('runs from esbuild bundles as scripts/build.mjs makes them (the worker bundled next to the caller)', async () => {
    const { bundle } = await import(path.join(root, 'scripts/build.mjs'));
    // inside the checkout, as the server bundles are: the packages left external resolve from node_modules
    const cache = path.join(root, 'node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(path.join(cache, 'matching-bundle-'));
    try {
      const caller = path.join(dir, 'caller.ts');
      writeFileSync(
        caller,
        `import { generateProgramme } from ${JSON.stringify(path.join(root, 'matching/src/generate.ts'))};
import { runScheduleInWorker } from ${JSON.stringify(path.join(root, 'matching/src/worker.ts'))};
const { input } = generateProgramme({ companies: 30, requests: 80, slots: 5, tables: 4, seed: 4 });
const result = await runScheduleInWorker({ ...input, options: { seed: 1 } });
console.log(JSON.stringify(result.stats));
`,
      );
      const rel = (p: string) => path.relative(root, p);
      await bundle('caller', rel(caller), rel(path.join(dir, 'dist/main.js')), []);
      await bundle(
        'worker',
        'matching/src/schedule-worker.ts',
        rel(path.join(dir, 'dist/matching-worker.js')),
        [],
      );
      // run with no loader and from elsewhere: only the bundles can be at work
      const run = spawnSync(process.execPath, [path.join(dir, 'dist/main.js')], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout).placed).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
