import type { Locale } from '../locale';
import { DIAL_CODES, MAIN_REGION_OF_DIAL_CODE } from './dial-codes.gen';

/**
 * Region codes and dial codes come from libphonenumber-js (through the generated table), names from
 * Intl.DisplayNames: both are maintained upstream and cost no bundle bytes for names in three languages.
 * The list is libphonenumber's regions: ISO 3166-1 alpha-2 plus AC, TA (reserved) and XK (Kosovo),
 * which people do live in and dial.
 */
export type CountryCode = keyof typeof DIAL_CODES;
export const COUNTRY_CODES = Object.keys(DIAL_CODES) as [CountryCode, ...CountryCode[]];

const countrySet: ReadonlySet<string> = new Set(COUNTRY_CODES);
export const isCountryCode = (value: string): value is CountryCode => countrySet.has(value);

/** `+33`-style codes, deduplicated (several regions share +1, +7, +44...). */
export const DIAL_CODE_VALUES: readonly string[] = [
  ...new Set(Object.values(DIAL_CODES).map((d) => `+${d}`)),
];
const dialSet: ReadonlySet<string> = new Set(DIAL_CODE_VALUES);
export const isDialCode = (value: string): boolean => dialSet.has(value);

export function dialCodeOf(country: CountryCode): string {
  return `+${DIAL_CODES[country]}`;
}

const namesCache = new Map<string, Intl.DisplayNames>();
export function countryName(code: string, locale: Locale): string {
  let names = namesCache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    namesCache.set(locale, names);
  }
  return names.of(code) ?? code;
}

export interface CountryOption {
  value: CountryCode;
  label: string;
}

/** Country select options, sorted by their localised name with the locale's collation. */
export function countryOptions(locale: Locale): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((value) => ({ value, label: countryName(value, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

export interface DialCodeOption {
  /** `+33` */
  value: string;
  /** regions using it, for the option's text (`+1` is shared by the US, Canada and more) */
  countries: CountryCode[];
}

/** Dial code options in numeric order; the SPA labels them with countryName of their regions. */
export function dialCodeOptions(): DialCodeOption[] {
  const byCode = new Map<string, CountryCode[]>();
  for (const country of COUNTRY_CODES) {
    const value = dialCodeOf(country);
    byCode.set(value, [...(byCode.get(value) ?? []), country]);
  }
  return [...byCode.entries()]
    .map(([value, countries]) => ({ value, countries }))
    .sort((a, b) => Number(a.value.slice(1)) - Number(b.value.slice(1)));
}

export interface DialCountryOption {
  /** the region, so that Canada and the United States are two options although both dial +1 */
  value: CountryCode;
  /** `+1`, what the form stores */
  dial: string;
  /** "Canada (+1)": the name first, so typing the name in the closed select finds it */
  label: string;
}

/** One dial-code option per region, sorted by the region's name in the visitor's language. */
export function dialCountryOptions(locale: Locale): DialCountryOption[] {
  return countryOptions(locale).map(({ value, label }) => {
    const dial = dialCodeOf(value);
    return { value, dial, label: `${label} (${dial})` };
  });
}

/** The region a stored dial code is shown as when nobody chose one: the code's main region (+1: US). */
export function mainRegionOf(dial: string): CountryCode | undefined {
  return isDialCode(dial) ? MAIN_REGION_OF_DIAL_CODE[dial.slice(1)] : undefined;
}

const languageCache = new Map<string, Intl.DisplayNames>();
/** A language's name in the visitor's language (`ja` -> "Japonais"), for the spoken-languages boxes. */
export function languageName(code: string, locale: Locale): string {
  let names = languageCache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
    languageCache.set(locale, names);
  }
  return names.of(code) ?? code;
}
