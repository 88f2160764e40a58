import { eventTimeZone, zonedInstant, zoneName } from '@evt/contracts/event-time-zone';
import type { TFunction } from 'i18next';
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

/** When an event takes place: its days, its opening and closing times and their zone (contracts: `eventClock`). */
export interface EventWhen {
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
  timeZone?: string;
}

/**
 * "12–14 March 2027, 9:00 AM – 6:00 PM (Central European Time)" in `locale`. The days are those the
 * dates name (their UTC date, as stored); the times are on the event's clock, whose zone is named
 * whenever there are times, whatever the reader's own zone (docs/decisions/console.md).
 */
export function formatEventWhen(
  locale: string,
  event: EventWhen,
  t: TFunction,
  dateStyle: DateStyle = 'long',
): string {
  const [from, to] = [new Date(event.startDate), new Date(event.endDate)];
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from)
    return `${event.startDate} – ${event.endDate}`;
  const days = new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).formatRange(from, to);
  const { startTime, endTime } = event;
  if (!startTime && !endTime) return days;
  const zone = eventTimeZone(event);
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone });
  const instant = (date: Date, time: string) => zonedInstant(date.toISOString().slice(0, 10), time, zone);
  const start = startTime ? clock.format(instant(from, startTime)) : null;
  const end = endTime ? clock.format(instant(to, endTime)) : null;
  const times =
    start && end
      ? t('eventTimes.range', { start, end })
      : start
        ? t('eventTimes.from', { time: start })
        : t('eventTimes.until', { time: end });
  const named = zoneName(instant(from, startTime ?? endTime ?? '12:00'), locale, zone);
  return t('eventTimes.withZone', { days, times, zone: named });
}

/** `formatEventWhen` in the page's language. */
export function useEventWhenFormatter(dateStyle: DateStyle = 'long') {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return useCallback(
    (event: EventWhen) => formatEventWhen(locale, event, t, dateStyle),
    [locale, t, dateStyle],
  );
}
