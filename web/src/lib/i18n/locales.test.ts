// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../locales');
const load = (lng: string): Tree =>
  JSON.parse(readFileSync(path.join(localesDir, `${lng}.json`), 'utf8')) as Tree;

/** Flattened keys; plural forms are reduced to their base (Japanese has only `_other`). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [path.replace(/_(zero|one|two|few|many|other)$/, '')];
    return keys(value, path);
  });
}

describe('locales', () => {
  const sets = Object.fromEntries(['fr', 'en', 'ja'].map((lng) => [lng, new Set(keys(load(lng)))]));

  it.each([
    ['fr', 'en'],
    ['fr', 'ja'],
    ['en', 'fr'],
    ['en', 'ja'],
    ['ja', 'fr'],
    ['ja', 'en'],
  ])('every key of %s exists in %s', (from, to) => {
    const missing = [...(sets[from] ?? [])].filter((key) => !sets[to]?.has(key));
    expect(missing).toEqual([]);
  });

  it('has no empty message', () => {
    for (const lng of ['fr', 'en', 'ja']) {
      const empty: string[] = [];
      const visit = (tree: Tree, prefix: string) => {
        for (const [key, value] of Object.entries(tree)) {
          if (typeof value === 'string') {
            if (!value.trim()) empty.push(`${lng}:${prefix}${key}`);
          } else visit(value, `${prefix}${key}.`);
        }
      };
      visit(load(lng), '');
      expect(empty).toEqual([]);
    }
  });
});
