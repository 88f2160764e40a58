import type { MessageKey, Messages } from '../../../lib/i18n/keys';

/** The text pages of locales/ (those with sections). */
export type PageName = {
  [N in keyof Messages['pages']]: Messages['pages'][N] extends { sections: object } ? N : never;
}[keyof Messages['pages']];
export type PageSection<N extends PageName> = keyof Messages['pages'][N]['sections'] & string;

/** The keys of a text page, typed by its name and section names: a missing one fails typecheck. */
export const pageKey = {
  title: (page: PageName) => `pages.${page}.title` as const satisfies MessageKey,
  intro: (page: PageName) => `pages.${page}.intro` as const satisfies MessageKey,
  sectionTitle: <N extends PageName>(page: N, section: PageSection<N>) =>
    `pages.${page}.sections.${section}.title` as MessageKey,
  sectionBody: <N extends PageName>(page: N, section: PageSection<N>) =>
    `pages.${page}.sections.${section}.body` as MessageKey,
};
