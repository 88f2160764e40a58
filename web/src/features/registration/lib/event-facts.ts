import { countryName } from '@evt/contracts/forms/countries';
import type { Locale } from '@evt/contracts/locale';
import type { PublicEventPage } from '@evt/contracts/public-registrations';

/** "12–14 March 2027" in the page's language; the raw values should a date not parse. */
export function dateRange(locale: string, start: string, end: string): string {
  const [from, to] = [new Date(start), new Date(end)];
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).formatRange(from, to);
}

/** Venue, city and country (named in the page's language), those that are set. */
export function placeOf(event: PublicEventPage['event'], locale: Locale): string {
  const country = /^[A-Z]{2}$/.test(event.country) ? countryName(event.country, locale) : event.country;
  return [event.venue, event.city, country].filter((part) => part.trim() !== '').join(', ');
}
