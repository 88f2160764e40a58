import { countryName } from '@evt/contracts/forms/countries';
import type { Locale } from '@evt/contracts/locale';
import type { PublicEventPage } from '@evt/contracts/public-registrations';

/** Venue, city and country (named in the page's language), those that are set. */
export function placeOf(event: PublicEventPage['event'], locale: Locale): string {
  const country = /^[A-Z]{2}$/.test(event.country) ? countryName(event.country, locale) : event.country;
  return [event.venue, event.city, country].filter((part) => part.trim() !== '').join(', ');
}
