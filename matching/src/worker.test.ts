import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateProgramme } from './generate';
import { schedule } from './schedule';
import { runScheduleInWorker } from './worker';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('runScheduleInWorker', () => {
  it('gives the same result as schedule, and the event loop keeps turning meanwhile', async () => {
    const { input } = generateProgramme({ companies: 300, requests: 1500, slots: 12, tables: 40, seed: 5 });
    const options = { timeBudgetMs: 600, seed: 3 };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    const result = await runScheduleInWorker({ ...input, options });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // a blocked loop would tick once at most, after the run
    expect(ticks).toBeGreaterThanOrEqual(Math.min(5, Math.floor(elapsed / 100)));
    expect(result.stats.placed).toBeGreaterThan(0);
    const small = generateProgramme({
      companies: 20,
      requests: 60,
      slots: 4,
      tables: 3,
      seed: 9,
      lockedShare: 0.2,
    });
    const again = { ...small.input, options: { timeBudgetMs: 5000, seed: 2 } };
    expect(await runScheduleInWorker(again)).toEqual(schedule(again));
  }, 120_000);

  it('rejects when aborted', async () => {
    const { input } = generateProgramme({ companies: 10, requests: 10, slots: 2, tables: 1 });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(runScheduleInWorker(input, { signal: controller.signal })).rejects.toThrow('stopped');
  });

  it('runs from esbuild bundles as scripts/build.mjs makes them (the worker bundled next to the caller)', async () => {
    const { bundle } = await import(path.join(root, 'scripts/build.mjs'));
    const dir = mkdtempSync(path.join(tmpdir(), 'matching-bundle-'));
    try {
      const caller = path.join(dir, 'caller.ts');
      writeFileSync(
        caller,
        `import { generateProgramme } from ${JSON.stringify(path.join(root, 'matching/src/generate.ts'))};
import { runScheduleInWorker } from ${JSON.stringify(path.join(root, 'matching/src/worker.ts'))};
const { input } = generateProgramme({ companies: 30, requests: 80, slots: 5, tables: 4, seed: 4 });
const result = await runScheduleInWorker({ ...input, options: { timeBudgetMs: 100 } });
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
