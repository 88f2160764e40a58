import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of web/src (README "Web layout") are `noRestrictedImports` overrides in the root
 * biome.json. This runs Biome with that very config on fixture files laid out like web/src, and checks
 * that each forbidden import fails and each allowed one passes, written relatively or with `@/`.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

const forbidden: [file: string, source: string][] = [
  ['features/members/routes/page.ts', '../../events/api/event-console'],
  ['features/members/routes/page.ts', '../../../features/events/api/event-console'],
  ['features/members/routes/page.ts', '@/features/events/api/event-console'],
  ['features/members/page.ts', '../events/api/event-console'],
  ['features/members/components/parts/part.ts', '../../../events/api/event-console'],
  ['features/members/routes/page.ts', '../../../app/router'],
  ['features/members/routes/page.ts', '@/app/router'],
  ['lib/session/state.ts', '../../features/auth/api/forgot-password'],
  ['lib/session/state.ts', '@/features/auth/api/forgot-password'],
  ['lib/state.ts', '../app/router'],
  ['components/layout/shell.ts', '../../features/events/components/dashboard'],
  ['components/panel.ts', '../app/router'],
  ['features/members/a/b/c/deep.ts', '../api/members'],
];

const allowed: [file: string, source: string][] = [
  ['features/members/routes/page.ts', '../api/members'],
  ['features/members/routes/page.ts', './members'],
  ['features/members/routes/page.ts', '../../../lib/session/me'],
  ['features/members/routes/page.ts', '../../../components/ui/button'],
  ['features/members/routes/page.ts', '@/lib/session/me'],
  ['features/members/routes/page.ts', '@evt/contracts/routes'],
  ['features/members/routes/page.ts', 'react'],
  ['features/members/components/parts/part.ts', '../../api/members'],
  ['features/members/components/parts/part.ts', '../../../../lib/format'],
  ['lib/session/state.ts', '../api-client'],
  ['components/layout/shell.ts', '../../lib/session/me'],
  ['app/router.ts', '../features/events/routes/event-dashboard'],
];

const workDir = mkdtempSync(path.join(tmpdir(), 'web-boundaries-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Lints one module per case (a static import, a re-export and a dynamic import of `source`). */
function lint(cases: [string, string][]): Map<string, number> {
  const config = JSON.parse(readFileSync(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.vcs;
  delete config.$schema;
  writeFileSync(path.join(workDir, 'biome.json'), JSON.stringify(config));
  const files = cases.map(([file, source], index) => {
    const at = path.join('web/src', file.replace(/\.ts$/, `-${index}.ts`));
    mkdirSync(path.join(workDir, path.dirname(at)), { recursive: true });
    writeFileSync(
      path.join(workDir, at),
      `import { a } from '${source}';\nexport { b } from '${source}';\nexport const c = [a, import('${source}')];\n`,
    );
    return at;
  });
  const run = spawnSync(process.execPath, [biome, 'lint', '--reporter=json', ...files], {
    cwd: workDir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  const found = new Map(files.map((file) => [file, 0]));
  for (const diagnostic of report.diagnostics)
    if (diagnostic.category === 'lint/style/noRestrictedImports')
      found.set(diagnostic.location.path, (found.get(diagnostic.location.path) ?? 0) + 1);
  return found;
}

describe('import boundaries of web/src', () => {
  it('refuses a feature importing another feature or app/, and lib/ or components/ importing either', () => {
    const found = lint(forbidden);
    // each of the three import forms is reported
    expect([...found.entries()].filter(([, count]) => count < 3)).toEqual([]);
  }, 30_000);

  it('lets a feature import itself, lib/, components/ and packages, and app/ import features', () => {
    const found = lint(allowed);
    expect([...found.entries()].filter(([, count]) => count > 0)).toEqual([]);
  }, 30_000);
});
