import { DEFAULT_LOCALE, LOCALES, type Locale, normaliseLocale } from '@evt/contracts/locale';
import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Messages = Record<string, unknown>;
export type MessageLoaders = Record<Locale, () => Promise<{ default: Messages }>>;

/** One chunk per language: only the active language is downloaded. */
const allMessages: MessageLoaders = {
  fr: () => import('../../../../locales/fr.json'),
  en: () => import('../../../../locales/en.json'),
  ja: () => import('../../../../locales/ja.json'),
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | undefined;

/** The options of every instance: this one, and the server's per language (src/visitor/server.tsx). */
export const I18N_OPTIONS = {
  fallbackLng: false,
  // one namespace: a key holding a colon (the permissions of the rights page) is a key, not a namespace
  // followed by a key
  nsSeparator: false,
  supportedLngs: ['fr', 'en', 'ja'],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} as const satisfies InitOptions;

function init(): Promise<unknown> {
  initialised ??= i18n.use(initReactI18next).init({ ...I18N_OPTIONS, lng: DEFAULT_LOCALE, resources: {} });
  return initialised;
}

// Initialised at load so that anything rendered before the first locale arrives (the router's fallback) finds
// an initialised instance.
void init();

export function toLocale(language: string | undefined): Locale {
  return normaliseLocale(language) ?? DEFAULT_LOCALE;
}

/**
 * Loads a language's messages (once) and makes it the active one; `<html lang>` follows. The visitor's
 * entry passes its own loaders, which bring only the sections its pages use.
 */
export async function activateLocale(locale: Locale, loaders: MessageLoaders = allMessages): Promise<void> {
  await loadMessages(locale, loaders);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

async function loadMessages(locale: Locale, loaders: MessageLoaders = allMessages): Promise<void> {
  await init();
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  try {
    const messages = await loaders[locale]();
    i18n.addResourceBundle(locale, 'translation', messages.default, true, true);
  } catch (error) {
    // Spec section 8: a failed locale load is only logged; the keys stay visible rather than a blank page.
    console.error('locale load failed', locale, error);
  }
}

/**
 * A new page has loaded no language yet and starts in the default one: for tests, which open many pages in
 * one module graph (web/src/test/setup.ts), where a browser would load the module again.
 */
export async function forgetLocales(): Promise<void> {
  await init();
  for (const locale of LOCALES) i18n.removeResourceBundle(locale, 'translation');
  await i18n.changeLanguage(DEFAULT_LOCALE);
}

/**
 * The messages of a language other than the page's, loaded once without switching the page: a text the
 * console stores in the event's language (a form's default title), whatever the organiser reads.
 */
export async function messagesIn(locale: Locale) {
  await loadMessages(locale);
  return i18n.getFixedT(locale);
}
