import type { Locale } from './locale';

/**
 * A person's full name as a text in `locale` writes it: the family name first in Japanese (佐藤 結衣), the
 * given names first otherwise (Yui Sato). The one rule for every mail, badge, list and detail; either part
 * may be empty (a form that asks for one name only).
 */
export function personName(names: { firstNames: string; lastName: string }, locale: Locale): string {
  const parts = locale === 'ja' ? [names.lastName, names.firstNames] : [names.firstNames, names.lastName];
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}
