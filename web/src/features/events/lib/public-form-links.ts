import type { Event } from '@evt/contracts/events';
import { FORM_SLUGS } from '@evt/contracts/forms/kinds';
import { LOCALES, type Locale, localisePath } from '@evt/contracts/locale';
import { kindOfFormCode } from '@evt/contracts/registration-forms';

/**
 * Where visitors fill a form in: `/events-{slug}/{form}` (spec section 2) in each language the event offers
 * (all three when it names none), on this site's origin. None for a code that names no public form.
 */
export function publicFormLinks(
  event: Pick<Event, 'slug' | 'languages'>,
  code: string,
  origin: string,
): { locale: Locale; url: string }[] {
  const kind = kindOfFormCode(code);
  if (!kind) return [];
  const path = `/events-${event.slug}/${FORM_SLUGS[kind]}`;
  const locales = LOCALES.filter(
    (locale) => event.languages.length === 0 || event.languages.includes(locale),
  );
  return locales.map((locale) => ({ locale, url: `${origin}${localisePath(locale, path)}` }));
}
