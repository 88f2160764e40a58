/**
 * The part of react-i18next the visitor's pages use, over `./i18next` (why: see there): the provider, and
 * `useTranslation()` answering `{ t, i18n, ready }` and rendering again when the language or its messages
 * change. Aliased in the visitor's build only (web/vite.config.ts).
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import i18next, { type i18n as I18n } from './i18next';

const I18nContext = createContext<I18n>(i18next);

export const initReactI18next = { type: '3rdParty' as const, init: (_instance: I18n) => undefined };

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** Bumped on every change, so that `t` is a new function then (as react-i18next's) and memos recompute. */
const versions = new WeakMap<I18n, number>();

export function useTranslation() {
  const i18n = useContext(I18nContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      const bump = () => {
        versions.set(i18n, (versions.get(i18n) ?? 0) + 1);
        changed();
      };
      i18n.on('languageChanged', bump).on('added', bump);
      return () => {
        i18n.off('languageChanged', bump).off('added', bump);
      };
    },
    [i18n],
  );
  const version = useSyncExternalStore(
    subscribe,
    () => versions.get(i18n) ?? 0,
    () => versions.get(i18n) ?? 0,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is what makes a new t
  const t = useMemo<I18n['t']>(() => (key, options) => i18n.t(key, options), [i18n, version]);
  return { t, i18n, ready: true as const };
}
