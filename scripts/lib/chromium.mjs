// Debian's Chromium, installed with apt-get when missing and running as root. The browser tests drive its
// old headless shell (package chromium-headless-shell), as Playwright does by default for headless runs: the
// same Blink and V8 without the desktop browser's layers, about a third less CPU for the same tests
// (docs/decisions/infrastructure.md). The bench's Lighthouse runs measure the browser visitors run.
import { existsSync } from 'node:fs';
import { aptInstall } from './redis.mjs';

/** Debian's package for each binary this project starts. */
const PACKAGES = {
  '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
  '/usr/bin/chromium': 'chromium',
};

/** The browser tests' Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The bench's Chromium for Lighthouse (Lighthouse's own variable). */
export const LIGHTHOUSE_CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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

/** `executable`, installed from Debian's package when it is one of ours and missing; throws when it stays missing. */
export function ensureChromium(executable = CHROMIUM_PATH) {
  if (existsSync(executable)) return executable;
  const pkg = PACKAGES[executable];
  if (pkg && process.getuid?.() === 0) {
    console.log(`[test] ${executable} is missing: installing Debian's ${pkg} with apt-get`);
    aptInstall([pkg]);
    if (existsSync(executable)) return executable;
  }
  throw new Error(
    `${executable} is missing: install Debian's ${pkg ?? 'chromium'} (apt-get install ${pkg ?? 'chromium'}) or run npm test as root`,
  );
}
