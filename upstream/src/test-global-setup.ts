import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropTestDatabases, postgresReachable } from './db/test-postgres';
import { createSeededTemplate, SNAPSHOT_ENV, TEMPLATE_ENV, writeSeededSnapshot } from './test-helpers';

let snapshotMadeHere: string | undefined;
let templateMadeHere: string | undefined;

/**
 * Vitest global setup of every project whose tests start the reference upstream (upstream, bff, security):
 * one migrated and seeded database per run that each test's upstream starts from a copy of. On the
 * machine's PostgreSQL when it answers: a template database, copied per upstream (a tenth of a second, and
 * the queries run in PostgreSQL's processes instead of the test worker's); else a PGlite data directory
 * saved to a file (about 2 CPU-seconds per copy instead of 8 per boot). `EVT_TEST_PGLITE=1` asks for the
 * second. Exported in the environment before the workers start, so they inherit it; the first project to
 * need it makes it, the others find it there.
 */
export async function setup(): Promise<void> {
  if (process.env[SNAPSHOT_ENV] || process.env[TEMPLATE_ENV]) return;
  if (process.env.EVT_TEST_PGLITE !== '1' && (await postgresReachable())) {
    templateMadeHere = await createSeededTemplate();
    process.env[TEMPLATE_ENV] = templateMadeHere;
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'evt-upstream-snapshot-'));
  const file = path.join(dir, 'seeded.tar');
  await writeSeededSnapshot(file);
  process.env[SNAPSHOT_ENV] = file;
  snapshotMadeHere = dir;
}

export async function teardown(): Promise<void> {
  if (templateMadeHere) {
    // with the copies a failed test file left behind
    await dropTestDatabases(templateMadeHere);
    delete process.env[TEMPLATE_ENV];
    templateMadeHere = undefined;
  }
  if (snapshotMadeHere) {
    await rm(snapshotMadeHere, { recursive: true, force: true });
    delete process.env[SNAPSHOT_ENV];
    snapshotMadeHere = undefined;
  }
}
