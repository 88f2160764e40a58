// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ESTree, parseAst, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { VISITOR_MESSAGE_SECTIONS } from '../../vite.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(here, '..');
const contractsSrc = path.resolve(here, '../../../contracts/src');

/** A module specifier of web/src or of the contracts, as a file; packages are not followed. */
function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@evt/contracts/')
    ? path.join(contractsSrc, specifier.slice('@evt/contracts/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Every source file the visitor's entry can load, static and dynamic imports alike. */
function reachableFiles(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // a string specifier only: `import(name)` cannot be followed
    const follow = (source: ESTree.Expression | null) => {
      const target =
        source?.type === 'Literal' && typeof source.value === 'string'
          ? resolveModule(file, source.value)
          : null;
      if (target) queue.push(target);
    };
    // parseAst reads JavaScript unless told the language
    const program = parseAst(
      readFileSync(file, 'utf8'),
      { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' },
      file,
    );
    new Visitor({
      ImportDeclaration(node) {
        follow(node.source);
      },
      ExportNamedDeclaration(node) {
        follow(node.source);
      },
      ExportAllDeclaration(node) {
        follow(node.source);
      },
      ImportExpression(node) {
        follow(node.source);
      },
    }).visit(program);
  }
  return [...seen];
}

/** The message keys' starts a file names (`forms.fields`, `pages.error`...) for `t('forms.fields.x')`... */
function keyStartsNamed(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const sections = Object.keys(en);
  const found = new Set<string>();
  for (const match of source.matchAll(/['`]([a-zA-Z]+)\.([a-zA-Z${][\w${}]*)/g))
    if (sections.includes(match[1]!)) found.add(`${match[1]}.${match[2]}`);
  return [...found];
}

/** Whether the visitor's cut of the locale files holds a key starting so. */
const kept = (start: string) => {
  const [top = '', sub = ''] = start.split('.');
  return VISITOR_MESSAGE_SECTIONS.includes(top) || VISITOR_MESSAGE_SECTIONS.includes(`${top}.${sub}`);
};

describe("the visitor's messages", () => {
  const files = reachableFiles(path.join(webSrc, 'visitor/main.tsx'));

  it('follows the whole visitor entry, forms and contracts included', () => {
    const relative = files.map((file) => path.relative(webSrc, file));
    expect(relative).toContain(path.normalize('features/registration/components/registration-form.tsx'));
    expect(relative).toContain(path.normalize('../../contracts/src/forms/participant.ts'));
    // the organiser's registration lists share the feature folder, not the visitor's entry
    const organiserFiles = [
      'registration-list',
      'registration-details',
      'api/registrations',
      'api/registration-exports',
      'export-actions',
    ];
    expect(
      relative.filter((file) => organiserFiles.some((name) => file.includes(path.normalize(name)))),
    ).toEqual([]);
  });

  it('brings every section that a visitor page names', () => {
    const missing = files.flatMap((file) =>
      keyStartsNamed(file)
        .filter((start) => !kept(start))
        .map((start) => `${path.relative(webSrc, file)}: ${start}`),
    );
    expect(missing).toEqual([]);
  });
});
