import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first. The files of a worker run one after another, so a long file started last keeps one
 * product busy while the others have finished; a clean clone has no results cache to order by, so the
 * order comes from a measured run (durations.json, seconds per file, refreshed with
 * `node scripts/e2e-durations.mjs <the run's JSON report>`). A file not measured yet goes first.
 */
const measured: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
);
const secondsOf = (spec: TestSpecification) => measured[basename(spec.moduleId)] ?? Number.POSITIVE_INFINITY;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
