// Debian's poppler-utils: the browser test of the badges turns a downloaded PDF's page into an image with
// pdftoppm (tests/e2e/badges.e2e.test.ts).
import { spawnSync } from 'node:child_process';
import { aptInstall } from './redis.mjs';

export const hasPdftoppm = () => spawnSync('sh', ['-c', 'command -v pdftoppm']).status === 0;

/** Installs poppler-utils with apt-get when pdftoppm is missing and npm test runs as root. */
export function ensurePoppler() {
  if (hasPdftoppm() || process.getuid?.() !== 0) return;
  console.log("[test] pdftoppm is missing: installing Debian's poppler-utils with apt-get");
  try {
    aptInstall(['poppler-utils']);
  } catch (error) {
    console.warn(`[test] poppler-utils could not be installed (${error.message}): the badge test will fail`);
  }
}
