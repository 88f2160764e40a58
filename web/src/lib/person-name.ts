import { personName } from '@evt/contracts/person-name';
import { useCallback } from 'react';
import { useLocale } from './locale-path';

/** `personName` in the page's language: family name first on a Japanese page (one rule, contracts). */
export function usePersonName(): (names: { firstNames: string; lastName: string }) => string {
  const locale = useLocale();
  return useCallback((names) => personName(names, locale), [locale]);
}
