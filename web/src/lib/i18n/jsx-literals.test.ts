// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ESTree, parseAst, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description']);
const LETTER = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** The text of a string literal: `'…'`, `"…"` or a template without substitutions. */
function stringText(node: ESTree.JSXExpression): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    const { cooked, raw } = node.quasis[0]!.value;
    return cooked ?? raw;
  }
  return undefined;
}

/** Literal user-facing text in JSX: text children, and string literals in text attributes. */
export function findLiterals(fileName: string, source: string): string[] {
  const found: string[] = [];
  const elementChildren = new Set<ESTree.JSXChild>();
  const where = (offset: number) =>
    `${path.relative(srcDir, fileName)}:${source.slice(0, offset).split('\n').length}`;
  new Visitor({
    JSXText(node) {
      // placed at its first visible character, not at the line break before it
      const at = node.start + node.value.length - node.value.trimStart().length;
      if (LETTER.test(node.value)) found.push(`${where(at)} text "${node.value.trim()}"`);
    },
    JSXElement(node) {
      for (const child of node.children) elementChildren.add(child);
    },
    // `{'…'}` as an element's child; a fragment's children are not looked at
    JSXExpressionContainer(node) {
      const text = stringText(node.expression);
      if (elementChildren.has(node) && text !== undefined && LETTER.test(text))
        found.push(`${where(node.start)} text "${text}"`);
    },
    JSXAttribute(node) {
      if (node.name.type !== 'JSXIdentifier' || !TEXT_ATTRIBUTES.has(node.name.name) || !node.value) return;
      const text =
        node.value.type === 'Literal'
          ? node.value.value
          : node.value.type === 'JSXExpressionContainer'
            ? stringText(node.value.expression)
            : undefined;
      if (text !== undefined && LETTER.test(text))
        found.push(`${where(node.start)} ${node.name.name}="${text}"`);
    },
  }).visit(parseAst(source, { lang: 'tsx' }, fileName));
  return found;
}

describe('no literal text in JSX', () => {
  it('detects what it should', () => {
    const sample = `const a = <p title="Hello">Bonjour {'monde'} {t('x')} <img alt="" /> {' *'}</p>;`;
    expect(findLiterals('sample.tsx', sample)).toHaveLength(3);
  });

  it('finds none in web/src', () => {
    const literals = tsxFiles(srcDir).flatMap((file) => findLiterals(file, readFileSync(file, 'utf8')));
    expect(literals).toEqual([]);
  });
});
