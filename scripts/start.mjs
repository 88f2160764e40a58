#!/usr/bin/env node
// `npm start`: builds what is not built, then runs the BFF (which starts the embedded reference upstream
// with demo data when UPSTREAM_API_URL is unset). PORT defaults to 3000.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('[start] the build failed: see the messages above');
  process.exit(build.status ?? 1);
}

const env = { ...process.env, PORT: process.env.PORT ?? '3000' };
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'bff/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

// Forward Ctrl-C / SIGTERM so the BFF drains and the embedded upstream closes its database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
