// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

/** Literal user-facing text in JSX: text children, and string literals in text attributes. */
export function findLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(srcDir, fileName)}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression)) {
      if (ts.isJsxElement(node.parent) && LETTER.test(node.expression.text)) {
        found.push(`${where(node)} text "${node.expression.text}"`);
      }
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : undefined;
      if (literal && LETTER.test(literal.text))
        found.push(`${where(node)} ${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
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
