import { readFileSync } from 'node:fs';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { LOCALES, type Locale } from '@evt/contracts/locale';
import { repoRoot } from '../config/repo-root';

/** The role names printed on badges, from the locale files' `badges.roles` (read once per thread). */
let labels: Record<Locale, Record<string, string>> | null = null;

function load(): Record<Locale, Record<string, string>> {
  const entries = LOCALES.map((locale) => {
    const file = JSON.parse(readFileSync(`${repoRoot()}/locales/${locale}.json`, 'utf8')) as {
      badges?: { roles?: Record<string, string> };
    };
    return [locale, file.badges?.roles ?? {}] as const;
  });
  return Object.fromEntries(entries) as Record<Locale, Record<string, string>>;
}

export function roleLabel(locale: Locale, role: RegistrationKind): string {
  labels ??= load();
  return labels[locale][role] ?? role;
}
