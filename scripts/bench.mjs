#!/usr/bin/env node
// `npm run bench`: builds what is not built, measures the visitor's participant form (tests/bench/form.mjs),
// then runs tests/bench/run.mjs (see there). The form's BENCH line is printed just before run.mjs's
// final `BENCH bff_vs_bare_rps=...` line, which stays the very last.
// `npm run bench -- proxy` runs only the proxy measurements (run.mjs), `npm run bench -- form` only the
// form's (Lighthouse runs are the slow part), `npm run bench -- b2b` only the B2B matchmaking engine's
// (tests/bench/b2b.ts, run first, from the sources through tsx: it needs no build; its BENCH line is
// printed with the form's), `npm run bench -- badges` only the badge PDF's (tests/bench/badges.ts, its
// line printed after the build), `npm run bench -- mail` only the mailings' (tests/bench/mail.ts: 10,000
// mails through the job queue into an SMTP sink, a worker killed mid-run; from the sources, no build),
// `npm run bench -- fair` only the fair-scale one (tests/bench/fair.ts: 100,000 registrations on PostgreSQL,
// the list's pages, 20 check-in devices; from the sources, no build).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const parts = process.argv.slice(2);
const PARTS = ['proxy', 'form', 'b2b', 'badges', 'mail', 'fair'];
const unknown = parts.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`[bench] unknown part ${unknown.join(', ')}: ${PARTS.join(', ')}, or none for all`);
  process.exit(2);
}
const runs = (part) => parts.length === 0 || parts.includes(part);

let b2bLine =
  'BENCH b2b_score_all_pairs_ms=NaN b2b_schedule_ms=NaN b2b_placed_share=NaN b2b_min_meetings=NaN';
if (runs('b2b')) {
  const b2b = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/bench/b2b.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  for (const line of b2b.stdout.split('\n').filter(Boolean)) {
    if (line.startsWith('BENCH b2b_')) b2bLine = line;
    else console.log(line);
  }
  if (b2b.status !== 0) console.error('[bench] the b2b bench failed: see the messages above');
}
let mailLine = 'BENCH mail_per_s=NaN mail_duplicates=NaN mail_lost=NaN';
if (runs('mail')) {
  const mail = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/bench/mail.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  mailLine = mail.stdout.split('\n').find((line) => line.startsWith('BENCH mail_per_s=')) ?? mailLine;
  if (mail.status !== 0) console.error('[bench] the mail bench failed: see the messages above');
}
let fairLine =
  'BENCH fair_list_p95_ms=NaN fair_list_vs_me_ratio=NaN fair_export_100k_s=NaN fair_export_xlsx_100k_s=NaN fair_export_peak_rss_mb=NaN checkin_scans_per_s=NaN checkin_duplicates=NaN checkin_offline_lost=NaN leads_per_s=NaN leads_lost=NaN';
if (runs('fair')) {
  const fair = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/bench/fair.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  fairLine = fair.stdout.split('\n').find((line) => line.startsWith('BENCH fair_')) ?? fairLine;
  if (fair.status !== 0) console.error('[bench] the fair bench failed: see the messages above');
}
if (!runs('proxy') && !runs('form') && !runs('badges')) {
  if (runs('b2b')) console.log(b2bLine);
  if (runs('mail')) console.log(mailLine);
  if (runs('fair')) console.log(fairLine);
  process.exit(0);
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('[bench] the build failed: see the messages above');
  process.exit(build.status ?? 1);
}

if (runs('badges')) {
  // the built worker (bff/dist/badge-worker.js), as the BFF runs it
  const badges = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/bench/badges.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, EVT_BUNDLED: 'true' },
    encoding: 'utf8',
  });
  const line = badges.stdout.split('\n').find((l) => l.startsWith('BENCH badges_'));
  console.log(line ?? 'BENCH badges_10k_s=NaN badges_peak_rss_mb=NaN');
  if (parts.length === 1) process.exit(badges.status ?? 1);
}

let formLine = 'BENCH form_js_gz_kb=NaN form_lighthouse=NaN submit_added_p50_ms=NaN';
if (runs('form')) {
  try {
    const { benchForm } = await import('../tests/bench/form.mjs');
    formLine = await benchForm();
  } catch (error) {
    console.error('[bench] the form bench failed:', error);
  }
}
if (!runs('proxy')) {
  if (runs('form')) console.log(formLine);
  if (runs('b2b')) console.log(b2bLine);
  if (runs('mail')) console.log(mailLine);
  if (runs('fair')) console.log(fairLine);
  process.exit(0);
}

const bench = spawn(process.execPath, [path.join(root, 'tests/bench/run.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let held = null;
createInterface({ input: bench.stdout }).on('line', (line) => {
  if (line.startsWith('BENCH bff_vs_bare_rps=')) held = line;
  else console.log(line);
});
bench.on('close', (code) => {
  if (runs('form')) console.log(formLine);
  if (runs('b2b')) console.log(b2bLine);
  if (runs('mail')) console.log(mailLine);
  if (runs('fair')) console.log(fairLine);
  if (held) console.log(held);
  process.exit(code ?? 1);
});
