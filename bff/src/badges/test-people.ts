import type { BadgePerson } from '@evt/contracts/badges';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { Locale } from '@evt/contracts/locale';

/** The test sheet's sample people: one per language, names long enough to show the shrinking. */
const SAMPLES: Record<Locale, Omit<BadgePerson, 'role' | 'locale' | 'registrationId'>> = {
  fr: {
    firstNames: 'Marie-Amélie',
    lastName: 'de La Rochefoucauld-Montmorency',
    organisation: "Chambre de commerce et d'industrie franco-japonaise",
    country: 'FR',
  },
  en: {
    firstNames: 'Alexandra',
    lastName: 'Worthington-Smythe',
    organisation: 'International Trade Fair Association',
    country: 'GB',
  },
  ja: {
    firstNames: '友里恵',
    lastName: '長谷川',
    organisation: '株式会社サンプル国際見本市',
    country: 'JP',
  },
};

export function testPeople(role: string, locale: Locale): BadgePerson {
  return { ...SAMPLES[locale], role: role as RegistrationKind, locale, registrationId: 1 };
}
