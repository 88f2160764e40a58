import { describe, expect, it } from 'vitest';
import {
  localisePath,
  mainLocaleOf,
  withMainFirst,
  normaliseLocale,
  resolveLocale,
  splitLocalePrefix,
  textIn,
} from './locale';

describe('resolveLocale (spec section 4: prefix, cookie, browser language, French)', () => {
  it('takes the URL prefix first, whatever the cookie and the browser say', () => {
    expect(resolveLocale({ pathname: '/en/home', cookie: 'jp', browserLanguages: ['ja-JP'] })).toBe('en');
    expect(resolveLocale({ pathname: '/jp/home', cookie: 'en', browserLanguages: ['en-US'] })).toBe('ja');
    expect(resolveLocale({ pathname: '/jp', cookie: 'fr' })).toBe('ja');
    expect(resolveLocale({ pathname: '/en' })).toBe('en');
  });

  it('then the cookie', () => {
    expect(resolveLocale({ pathname: '/', cookie: 'en', browserLanguages: ['ja'] })).toBe('en');
    expect(resolveLocale({ pathname: '/', cookie: 'jp', browserLanguages: ['en'] })).toBe('ja');
    expect(resolveLocale({ pathname: '/', cookie: 'ja', browserLanguages: ['en'] })).toBe('ja');
    expect(resolveLocale({ pathname: '/', cookie: 'fr', browserLanguages: ['en'] })).toBe('fr');
  });

  it('ignores an unknown cookie value and falls through to the browser languages', () => {
    expect(resolveLocale({ pathname: '/', cookie: 'de', browserLanguages: ['en-GB'] })).toBe('en');
    expect(resolveLocale({ pathname: '/', cookie: '', browserLanguages: ['ja-JP'] })).toBe('ja');
  });

  it('then the first supported browser language', () => {
    expect(resolveLocale({ pathname: '/', browserLanguages: ['de-DE', 'ja-JP', 'en'] })).toBe('ja');
    expect(resolveLocale({ pathname: '/', browserLanguages: ['en-US', 'fr'] })).toBe('en');
  });

  it('then French', () => {
    expect(resolveLocale({ pathname: '/' })).toBe('fr');
    expect(resolveLocale({ pathname: '/', cookie: null, browserLanguages: ['de', 'es'] })).toBe('fr');
  });

  it('does not mistake a look-alike first segment for a prefix', () => {
    expect(resolveLocale({ pathname: '/english', browserLanguages: [] })).toBe('fr');
    expect(resolveLocale({ pathname: '/jpeg/x' })).toBe('fr');
  });
});

describe('normaliseLocale', () => {
  it('maps jp and ja (with regions) to ja', () => {
    expect(normaliseLocale('jp')).toBe('ja');
    expect(normaliseLocale('ja')).toBe('ja');
    expect(normaliseLocale('ja-JP')).toBe('ja');
    expect(normaliseLocale('JA_jp')).toBe('ja');
  });

  it('keeps fr and en, refuses others', () => {
    expect(normaliseLocale('fr-CA')).toBe('fr');
    expect(normaliseLocale('en')).toBe('en');
    expect(normaliseLocale('de')).toBeUndefined();
    expect(normaliseLocale('')).toBeUndefined();
    expect(normaliseLocale(undefined)).toBeUndefined();
  });
});

describe('locale prefixes', () => {
  it('splits /en and /jp, French has none', () => {
    expect(splitLocalePrefix('/en/events')).toEqual({ locale: 'en', rest: '/events' });
    expect(splitLocalePrefix('/jp')).toEqual({ locale: 'ja', rest: '/' });
    expect(splitLocalePrefix('/events')).toEqual({ locale: undefined, rest: '/events' });
    expect(splitLocalePrefix('/ja/events')).toEqual({ locale: undefined, rest: '/ja/events' });
  });

  it('localises paths with the spec prefixes', () => {
    expect(localisePath('fr', '/home')).toBe('/home');
    expect(localisePath('en', '/home')).toBe('/en/home');
    expect(localisePath('ja', '/home')).toBe('/jp/home');
    expect(localisePath('ja', '/')).toBe('/jp');
    expect(localisePath('en', 'about')).toBe('/en/about');
  });
});

describe('an event text in one language per page', () => {
  const title = { main: 'Salon', mainLocale: 'fr' as const, versions: { en: 'Fair', ja: '  ' } };
  it('gives the page its own version, else the main text with the language it is in', () => {
    expect(textIn(title, 'en')).toEqual({ text: 'Fair', locale: 'en' });
    expect(textIn(title, 'fr')).toEqual({ text: 'Salon', locale: 'fr' });
    // blank is not written
    expect(textIn(title, 'ja')).toEqual({ text: 'Salon', locale: 'fr' });
  });
  it('takes the main language the organiser chose: the first the event lists', () => {
    expect(mainLocaleOf(['ja', 'en'])).toBe('ja');
    expect(mainLocaleOf(['en', 'fr'])).toBe('en');
    expect(mainLocaleOf([])).toBe('fr');
  });
  it('stores the main language first and the others in the product order', () => {
    expect(withMainFirst(['fr', 'en', 'ja'], 'ja')).toEqual(['ja', 'fr', 'en']);
    expect(withMainFirst(['en', 'ja'], 'en')).toEqual(['en', 'ja']);
    // a main language no longer ticked: the first ticked one in the product order
    expect(withMainFirst(['ja', 'en'], 'fr')).toEqual(['en', 'ja']);
    expect(withMainFirst([], 'fr')).toEqual([]);
  });
});
