import { z } from 'zod';
import { msg } from './validation';

/**
 * The time zone an event's times are in (`event.timeZone`, an IANA name). The default is the spec's
 * (section 9: Europe/Paris): the zone of events created before events had one (docs/decisions/console.md),
 * and of an upstream that sends none. Every time shown to a company (its agenda page, mails and calendar)
 * is on its event's zone, named (`zonedTime`).
 */
export const DEFAULT_EVENT_TIME_ZONE = 'Europe/Paris';

/**
 * The zones an organiser may choose: the runtime's IANA list (`Intl.supportedValuesOf`), plus UTC, which
 * that list leaves out. Read once, on first use.
 */
let zones: ReadonlySet<string> | undefined;
export function timeZones(): ReadonlySet<string> {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones;
}

/**
 * A zone of the list, or another name for one (`Europe/Kyiv` where the runtime lists `Europe/Kiev`):
 * browsers and servers ship different ICU versions, and a zone one offers must pass the other's check.
 */
export function isTimeZone(name: string): boolean {
  if (timeZones().has(name)) return true;
  try {
    return timeZones().has(new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** An event's time zone, as a body carries it. */
export const timeZoneField = () =>
  z.string({ error: msg.timeZone }).refine(isTimeZone, { error: msg.timeZone });

/** A time of day on the event's clock, `HH:MM` (24 h), or null for "not said" (a whole day). */
export const timeOfDayField = () =>
  z
    .string({ error: msg.timeOfDay })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg.timeOfDay })
    .nullable();

/**
 * An event's clock as every answer carries it (the console's event, the visitor pages' summary, the
 * programme): `HH:MM` times or null (a whole day), and the zone. Defaults for an upstream that sends none.
 */
export const eventClock = {
  startTime: z.string().nullable().default(null),
  endTime: z.string().nullable().default(null),
  timeZone: z.string().default(DEFAULT_EVENT_TIME_ZONE),
};

export function eventTimeZone(event?: { timeZone?: string | null } | null): string {
  return event?.timeZone || DEFAULT_EVENT_TIME_ZONE;
}

/**
 * The instant of a wall-clock `time` (`HH:MM`) on `day` (`YYYY-MM-DD`) in `timeZone`. A time the clock
 * skips (spring forward) lands after the gap, a time it shows twice (fall back) is the first.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // the offset at the wall time read as UTC, then at the instant it gives: they differ only near a change
  let at = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  at = wall - offsetMinutes(new Date(at), timeZone) * 60_000;
  return new Date(at);
}

/**
 * A wall-clock `time` on `day` in `timeZone` written with the zone's offset at that moment,
 * `2026-06-04T13:30:00+02:00`: the instant, and the local time still readable in it.
 */
export function zonedDateTime(day: string, time: string, timeZone: string): string {
  const total = offsetMinutes(zonedInstant(day, time, timeZone), timeZone);
  const abs = Math.abs(total);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${day}T${time}:00${total < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The zone's offset from UTC at that instant, in minutes (Paris in summer: 120). */
export function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts ?? '');
  if (!m) return 0;
  const [, sign, hours, minutes] = m;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** `UTC+2`, `UTC+5:30`, `UTC−3` (or `UTC`): the zone's offset at that instant, written the same everywhere. */
export function utcOffset(at: Date, timeZone: string): string {
  const total = offsetMinutes(at, timeZone);
  if (total === 0) return 'UTC';
  const hours = Math.floor(Math.abs(total) / 60);
  const minutes = Math.abs(total) % 60;
  return `UTC${total < 0 ? '−' : '+'}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

/** The zone's name in `locale` at that instant ("Central European Time", "日本標準時"), or its IANA name. */
export function zoneName(at: Date, locale: string, timeZone: string): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
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
  const values: Record<string, string> = {
    time,
    zone: zoneName(at, locale, timeZone),
    offset: utcOffset(at, timeZone),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

/** The wall-clock date and time (`2027-03-01`, `18:00`) an instant shows on `timeZone`'s clocks. */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const shown = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  const [date, time] = shown.split(' ') as [string, string];
  return { date, time };
}
