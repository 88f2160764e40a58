import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@evt/contracts/locale';
import { LOCALE_PREFIX } from '@evt/contracts/locale';
import { repoRoot } from './product';

type Tree = { [key: string]: string | Tree };
const cache = new Map<Locale, Tree>();

function resources(locale: Locale): Tree {
  let tree = cache.get(locale);
  if (!tree) {
    tree = JSON.parse(readFileSync(path.join(repoRoot, 'locales', `${locale}.json`), 'utf8')) as Tree;
    cache.set(locale, tree);
  }
  return tree;
}

/** The text of `key` in `locale` (i18next `{{var}}` interpolation); throws on a missing key. */
export function t(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = resources(locale);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`locales/${locale}.json has no text at ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function hasKey(locale: Locale, key: string): boolean {
  try {
    t(locale, key);
    return true;
  } catch {
    return false;
  }
}

/** `/home` in a locale: `/home`, `/en/home`, `/jp/home`. */
export function localised(locale: Locale, pathname: string): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return pathname;
  return pathname === '/' ? prefix : `${prefix}${pathname}`;
}

/** A RegExp matching the exact text (for accessible names), escaped. */
export function exact(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
