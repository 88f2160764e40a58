// Debian's Chromium for the browser tests: installed with apt-get when missing and running as root.
import { existsSync } from 'node:fs';
import { aptInstall } from './redis.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium on a machine whose network is closed: without the background-networking flags it
 * keeps trying Google's hosts. The browser tests and the bench's Lighthouse runs use the same list.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() === 0) {
    console.log(`[test] ${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get`);
    aptInstall(['chromium']);
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(
    `${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install chromium) or run npm test as root`,
  );
}
