// Debian's nginx for the test of deploy/nginx.conf in front of two BFFs (tests/integration/nginx.test.ts).
import { spawnSync } from 'node:child_process';
import { aptInstall } from './redis.mjs';

/** Whether an nginx binary is on the PATH (the test skips itself otherwise). */
export const hasNginx = () => spawnSync('sh', ['-c', 'command -v nginx']).status === 0;

/**
 * Installs nginx-light with apt-get when it is missing and npm test runs as root. Unlike Chromium it is not
 * required: where it cannot be installed, that one test file is skipped and says so.
 */
export function ensureNginx() {
  if (hasNginx() || process.getuid?.() !== 0) return;
  console.log("[test] nginx is missing: installing Debian's nginx-light with apt-get");
  try {
    aptInstall(['nginx-light']);
  } catch (error) {
    console.warn(`[test] nginx could not be installed (${error.message}): its test will be skipped`);
  }
}
