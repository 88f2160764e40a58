import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const load = (code: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(localesDir, `${code}.json`), 'utf8'));

/** `a.b.c` keys of a nested resource; plural suffixes are folded so `x_one`/`x_other` count as `x`. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') return keys(value as Record<string, unknown>, full);
    return [full.replace(/_(zero|one|two|few|many|other)$/, '')];
  });
}

function leaves(tree: Record<string, unknown>): unknown[] {
  return Object.values(tree).flatMap((value) =>
    value && typeof value === 'object' ? leaves(value as Record<string, unknown>) : [value],
  );
}

describe('locales', () => {
  const fr = new Set(keys(load('fr')));

  it.each(['en', 'ja'])('%s has exactly the keys of fr', (code) => {
    const other = new Set(keys(load(code)));
    expect(
      [...fr].filter((key) => !other.has(key)),
      `missing in ${code}.json`,
    ).toEqual([]);
    expect(
      [...other].filter((key) => !fr.has(key)),
      `missing in fr.json`,
    ).toEqual([]);
  });

  it.each(['fr', 'en', 'ja'])('%s has no empty text', (code) => {
    for (const value of leaves(load(code))) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it.each(['fr', 'en', 'ja'])('%s uses the same interpolations as fr', (code) => {
    const flat = (tree: Record<string, unknown>, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([key, value]) => {
        const full = prefix ? `${prefix}.${key}` : key;
        return value && typeof value === 'object'
          ? flat(value as Record<string, unknown>, full)
          : [[full, String(value)] as [string, string]];
      });
    const vars = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const reference = new Map(flat(load('fr')));
    for (const [key, text] of flat(load(code))) {
      const frText = reference.get(key);
      if (frText === undefined) continue;
      expect(vars(text), `${code}.json ${key}`).toEqual(vars(frText));
    }
  });
});
