import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from './i18n/i18n';

type DateStyle = Intl.DateTimeFormatOptions['dateStyle'];
type TimeStyle = Intl.DateTimeFormatOptions['timeStyle'];

/**
 * Formats dates in the language of the page. `timeZone: 'UTC'` for a calendar day given as `YYYY-MM-DD`
 * (read as midnight UTC, which a browser west of Greenwich would otherwise show as the day before).
 * `timeStyle` adds the time of day, in the reader's time zone unless one is given.
 */
export function useDateFormatter({
  dateStyle = 'long',
  timeStyle,
  timeZone,
}: {
  dateStyle?: DateStyle;
  timeStyle?: TimeStyle;
  timeZone?: string;
} = {}) {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return useCallback(
    (value: string | Date) => {
      const date = typeof value === 'string' ? new Date(value) : value;
      if (Number.isNaN(date.getTime())) return String(value);
      return new Intl.DateTimeFormat(locale, { dateStyle, timeStyle, timeZone }).format(date);
    },
    [locale, dateStyle, timeStyle, timeZone],
  );
}
