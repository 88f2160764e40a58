#!/usr/bin/env node
// Writes tests/e2e/support/durations.json (seconds per browser test file, longest first) from a vitest JSON
// report of a whole browser run (`npx vitest run --config tests/e2e/vitest.config.ts --reporter=json
// --outputFile.json=FILE`): the browser tests' sequencer starts the longest files first.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const report = process.argv[2];
if (!report) {
  console.error('usage: node scripts/e2e-durations.mjs <e2e JSON report>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const seconds = testResults
  .map((file) => [basename(file.name), Math.round((file.endTime - file.startTime) / 1000)])
  .sort((a, b) => b[1] - a[1]);
const target = new URL('../tests/e2e/support/durations.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(`${seconds.length} files written to ${target.pathname}`);
