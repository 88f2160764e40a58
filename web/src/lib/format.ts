import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from './i18n/i18n';

type DateStyle = Intl.DateTimeFormatOptions['dateStyle'];

/** Formats dates in the language of the page. */
export function useDateFormatter({ dateStyle = 'long' }: { dateStyle?: DateStyle } = {}) {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return useCallback(
    (value: string | Date) => {
      const date = typeof value === 'string' ? new Date(value) : value;
      if (Number.isNaN(date.getTime())) return String(value);
      return new Intl.DateTimeFormat(locale, { dateStyle }).format(date);
    },
    [locale, dateStyle],
  );
}
