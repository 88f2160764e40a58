import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CRITERIA, type CompanyProfile, UNPLACED_REASONS } from './api';
import { generateProfiles } from './generate';
import { DEFAULT_MATCH_CONFIG, reasonValuesFor, scorePair } from './index';

const languages = ['fr', 'en', 'ja'] as const;
const resources = Object.fromEntries(
  languages.map((lng) => [
    lng,
    { translation: JSON.parse(readFileSync(new URL(`../../locales/${lng}.json`, import.meta.url), 'utf8')) },
  ]),
);

describe('b2bMatch locale texts', () => {
  it('render every reason the engine gives, in three languages, with nothing left raw', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'en', interpolation: { escapeValue: false } });
    const profiles = generateProfiles(80, 11);
    const seen = new Set<string>();
    for (let i = 0; i < profiles.length; i++)
      for (let j = i + 1; j < profiles.length; j += 3) {
        for (const reason of scorePair(profiles[i]!, profiles[j]!, DEFAULT_MATCH_CONFIG).reasons) {
          seen.add(reason.key);
          for (const lng of languages) {
            const key = `b2bMatch.reasons.${reason.key}`;
            expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
            const text = i18n.t(key, { lng, ...reasonValuesFor(reason.values, lng) });
            expect(text, `${lng} ${key}`).not.toMatch(/\{\{|\$t\(|enums\.|undefined/);
          }
        }
      }
    // the generator says no certifications: a pair that shares one gives the note
    const [first, second] = profiles as [CompanyProfile, CompanyProfile];
    const note = scorePair(
      { ...first, certifications: ['iso_14001'] },
      { ...second, certifications: ['iso_14001'] },
      DEFAULT_MATCH_CONFIG,
    ).reasons.find((r) => r.key === 'sharedCertification');
    for (const lng of languages) {
      const text = i18n.t('b2bMatch.reasons.sharedCertification', { lng, ...note?.values });
      expect(text, lng).toContain('ISO 14001');
      expect(text, lng).not.toMatch(/\{\{|\$t\(|enums\.|undefined/);
    }
    expect(seen.size).toBeGreaterThan(12);
    for (const name of [
      ...[...CRITERIA, 'certifications'].map((c) => `criteria.${c}`),
      ...UNPLACED_REASONS.map((r) => `unplaced.${r}`),
    ])
      for (const lng of languages)
        expect(i18n.exists(`b2bMatch.${name}`, { lng }), `${lng} ${name}`).toBe(true);
  }, 60_000);

  it('has the same keys in the three languages', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value
        ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix];
    const en = keys(resources.en?.translation.b2bMatch);
    expect(keys(resources.fr?.translation.b2bMatch)).toEqual(en);
    expect(keys(resources.ja?.translation.b2bMatch)).toEqual(en);
  });
});
