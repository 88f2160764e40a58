#!/usr/bin/env node
// The npm registry mirror here serves only some platforms' native packages, so `npm install` leaves the
// other platforms' optional packages (e.g. @biomejs/cli-darwin-arm64) out of package-lock.json, and npm 11's
// `npm ci` then refuses the lock ("Missing: ... from lock file"). This adds a placeholder entry (version,
// os, cpu, libc; no tarball) for each such package: npm skips them by platform, as it would the real ones.
// Run after any `npm install`, then check with `npm ci --dry-run`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const PLATFORM =
  /-(android|darwin|linux|win32|freebsd|openbsd|netbsd|sunos|aix|openharmony)-(arm64|x64|arm|ia32|ppc64|s390x|riscv64|loong64|mips64el)(?:-(musl|gnu|gnueabihf|musleabihf|msvc|eabi))?$/;

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const match = PLATFORM.exec(name);
    if (!match || !/^\d+\.\d+\.\d+/.test(spec)) {
      console.warn(`left alone: ${name}@${spec} (optional dependency of ${location || 'the root'})`);
      continue;
    }
    const [, os, cpu, abi] = match;
    const placeholder = { version: spec, cpu: [cpu], optional: true, os: [os] };
    if (entry.dev) placeholder.dev = true;
    if (abi === 'musl' || abi === 'musleabihf') placeholder.libc = ['musl'];
    if (abi === 'gnu' || abi === 'gnueabihf') placeholder.libc = ['glibc'];
    packages[`node_modules/${name}`] = placeholder;
    added++;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`package-lock.json: ${added} platform placeholder entr${added === 1 ? 'y' : 'ies'} added`);
