import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  countryName,
  countryOptions,
  dialCodeOf,
  dialCodeOptions,
  dialCountryOptions,
  languageName,
  mainRegionOf,
} from './countries';
import { DIAL_CODES } from './dial-codes.gen';

describe('countries and dial codes', () => {
  it('match the installed libphonenumber-js (run generate-dial-codes.mjs after upgrading it)', () => {
    const fromLibrary = Object.fromEntries(getCountries().map((c) => [c, getCountryCallingCode(c)]));
    expect(DIAL_CODES).toEqual(fromLibrary);
  });

  it('are ISO alpha-2 codes with the usual dial codes', () => {
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(dialCodeOf('FR')).toBe('+33');
    expect(dialCodeOf('JP')).toBe('+81');
    expect(dialCodeOf('CI')).toBe('+225');
  });

  it('names countries in each locale and sorts them by that name', () => {
    expect(countryName('JP', 'fr')).toBe('Japon');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('CI', 'en')).toMatch(/Ivoire/);
    for (const locale of ['fr', 'en', 'ja'] as const) {
      const options = countryOptions(locale);
      expect(options).toHaveLength(COUNTRY_CODES.length);
      const collator = new Intl.Collator(locale);
      for (let i = 1; i < options.length; i += 1) {
        expect(collator.compare(options[i - 1]!.label, options[i]!.label)).toBeLessThanOrEqual(0);
      }
    }
    // French collation puts "Égypte" among the E, not after Z
    const fr = countryOptions('fr').map((o) => o.value);
    expect(fr.indexOf('EG')).toBeLessThan(fr.indexOf('ES'));
  });

  it('lists each dial code once, in numeric order, with its regions', () => {
    const options = dialCodeOptions();
    const values = options.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(options[0]).toMatchObject({ value: '+1' });
    expect(options.find((o) => o.value === '+1')?.countries).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(values.indexOf('+33')).toBeLessThan(values.indexOf('+225'));
  });

  it('names languages for the spoken-languages boxes', () => {
    expect(languageName('ja', 'fr')).toBe('japonais');
    expect(languageName('fr', 'ja')).toBe('フランス語');
  });

  it('lists dial codes by region name in the visitor language, +1 under both the United States and Canada', () => {
    for (const locale of ['fr', 'en', 'ja'] as const) {
      const options = dialCountryOptions(locale);
      expect(options).toHaveLength(COUNTRY_CODES.length);
      const us = options.find((o) => o.value === 'US');
      const ca = options.find((o) => o.value === 'CA');
      expect(us?.dial).toBe('+1');
      expect(ca?.dial).toBe('+1');
      expect(us?.label).toBe(`${countryName('US', locale)} (+1)`);
    }
    // the name comes first, so typing it in the closed select reaches the option
    const en = dialCountryOptions('en');
    expect(en.find((o) => o.label.startsWith('United States'))?.dial).toBe('+1');
    expect(en.find((o) => o.label.startsWith('Canada'))?.dial).toBe('+1');
    expect(dialCountryOptions('fr').find((o) => o.label.startsWith('États-Unis'))?.value).toBe('US');
  });

  it('shows a stored shared code as its main region', () => {
    expect(mainRegionOf('+1')).toBe('US');
    expect(mainRegionOf('+44')).toBe('GB');
    expect(mainRegionOf('+33')).toBe('FR');
    expect(mainRegionOf('+0')).toBeUndefined();
    for (const dial of dialCodeOptions()) expect(mainRegionOf(dial.value)).toBeDefined();
  });
});
