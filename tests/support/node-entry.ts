import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The bundles scripts/build.mjs makes of the BFF's process entries. */
const BUILT = {
  'bff/src/main.ts': 'bff/dist/main.js',
  'bff/src/jobs/worker-main.ts': 'bff/dist/worker.js',
} as const;

/**
 * Node's arguments to run one of the BFF's process entries from the repository root. `npm test` builds
 * first and sets EVT_TEST_BUILT=1, so the integration tests start the built bundle (what ships, and no
 * TypeScript to transpile at each start); alone they run the sources through tsx, never a stale build.
 */
export function nodeEntry(root: string, source: keyof typeof BUILT): string[] {
  const built = resolve(root, BUILT[source]);
  if (process.env.EVT_TEST_BUILT === '1') {
    if (!existsSync(built)) throw new Error(`${BUILT[source]} is missing: EVT_TEST_BUILT=1 needs a build`);
    return ['--enable-source-maps', built];
  }
  return ['--import', 'tsx', source];
}
