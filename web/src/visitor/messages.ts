import type { MessageLoaders } from '../lib/i18n/i18n';

/** The visitor pages' messages: each language's file cut at build time to VISITOR_MESSAGE_SECTIONS. */
export const visitorMessages: MessageLoaders = {
  fr: () => import('../../../locales/fr.json?sections=visitor'),
  en: () => import('../../../locales/en.json?sections=visitor'),
  ja: () => import('../../../locales/ja.json?sections=visitor'),
};
