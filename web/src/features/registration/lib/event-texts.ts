import { type Locale, mainLocaleOf, textIn } from '@evt/contracts/locale';
import type { PublicEventPage, PublicEventForms } from '@evt/contracts/public-registrations';

type Summary = PublicEventForms['event'];
type Details = PublicEventPage['event'];
type PublicForm = PublicEventForms['forms'][number];

/**
 * What a visitor page in `locale` shows of an event (one language per page): each text in the
 * page's language when the organiser wrote it, else in the event's main language, with the language it is
 * really in, so the page can mark it (`lang` and a visible note).
 */
export const eventTitleIn = (event: Summary, locale: Locale) =>
  textIn({ main: event.title, mainLocale: mainLocaleOf(event.languages), versions: event.titles }, locale);

export const eventDescriptionIn = (event: Details, locale: Locale) =>
  textIn(
    { main: event.description, mainLocale: mainLocaleOf(event.languages), versions: event.descriptions },
    locale,
  );

/**
 * A form's title in `locale`: the organiser's for that language (its main title on a page in the main
 * language), else null, and the page shows the product's own title of the form's kind, which exists in
 * every language. A form title is never shown in another language than the page's.
 */
export function formTitleIn(form: PublicForm, languages: readonly Locale[], locale: Locale): string | null {
  if (locale === mainLocaleOf(languages)) return form.title;
  return form.titles[locale] ?? null;
}
