/**
 * The time zone an event's times are in. Events have no time zone field yet, so every event is on the
 * spec's (section 9: Europe/Paris): this is the one place a later event time-zone field replaces, and
 * every time shown to a company (its agenda page and mails) is read through it.
 */
export const DEFAULT_EVENT_TIME_ZONE = 'Europe/Paris';

export function eventTimeZone(event?: { timeZone?: string | null } | null): string {
  return event?.timeZone || DEFAULT_EVENT_TIME_ZONE;
}

/** `UTC+2`, `UTC+5:30`, `UTC−3` (or `UTC`): the zone's offset at that instant, written the same everywhere. */
export function utcOffset(at: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!m) return 'UTC';
  const [, sign, hours, minutes] = m;
  return `UTC${sign === '-' ? '−' : '+'}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

/**
 * A time with its zone named, so that a company abroad knows whose clock it is: "13:30 (Central European
 * Time, UTC+2)". `template` is the language's own wording with `{{time}}`, `{{zone}}` and `{{offset}}`
 * (locales: `b2b.time.zoned`); the zone's name is Intl's, in `locale`.
 */
export function zonedTime(
  iso: string,
  locale: string,
  timeZone: string,
  template: string,
  style: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'> = {
    dateStyle: 'medium',
    timeStyle: 'short',
  },
): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { ...style, timeZone }).format(at);
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  const values: Record<string, string> = { time, zone, offset: utcOffset(at, timeZone) };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}
