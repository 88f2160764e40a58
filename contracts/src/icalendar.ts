import ical, { escape as escapeText, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * The product's one iCalendar writer (RFC 5545), on ical-generator: the B2B agenda (download and feed) and
 * the event's public programme. ical-generator escapes `\`, `;`, `,` and every line break (CRLF, lone CR,
 * LF) of the text properties it knows and folds lines at 75 octets without splitting a character; it
 * writes the calendar's name and the UIDs as given, so they are escaped here. Text is made writable first:
 * control characters other than tab and line breaks have no place in iCalendar text (RFC 5545 TSAFE-CHAR)
 * and are dropped, a lone UTF-16 surrogate becomes U+FFFD. Property-tested against ical.js
 * (icalendar.test.ts).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as iCalendar can carry it: the value an independent parser reads back (line breaks become LF). */
export function calendarText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, '');
}

/** A text written by ical-generator as given (calendar name, UID): escaped like the others. */
const raw = (value: string) => escapeText(calendarText(value), false);

export interface CalendarEntry {
  /** stable for the entry's whole life: a calendar that reads it again updates the entry, never adds one */
  uid: string;
  /** grows with every change, so calendars apply the newest version */
  sequence: number;
  stamp: Date;
  /** written in UTC: every calendar application reads the same instant (docs/decisions/console.md) */
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string | null;
  cancelled?: boolean;
}

export interface CalendarHead {
  name: string;
  /** `-//{company}//{product}//EN` */
  company: string;
  product: string;
  /**
   * The IANA zone the entries belong to, named as X-WR-TIMEZONE: calendars that subscribe show the
   * entries on that clock, the others in their user's zone; the instants are the same either way.
   */
  timeZone?: string;
}

export function icalendar(head: CalendarHead, entries: readonly CalendarEntry[]): string {
  const calendar = ical({
    name: raw(head.name),
    prodId: { company: calendarText(head.company), product: calendarText(head.product) },
    method: ICalCalendarMethod.PUBLISH,
    // not ical-generator's `timezone`, which would write every time as TZID=… without a VTIMEZONE
    x: head.timeZone ? [['X-WR-TIMEZONE', calendarText(head.timeZone)]] : [],
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: raw(entry.uid),
      sequence: entry.sequence,
      stamp: entry.stamp,
      start: entry.start,
      end: entry.end,
      summary: calendarText(entry.summary),
      location: entry.location === undefined ? null : calendarText(entry.location),
      description: entry.description === undefined ? null : calendarText(entry.description),
      url: entry.url ? calendarText(entry.url) : null,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // every content line ends with CRLF (RFC 5545 section 3.1), the last one too
  return `${calendar.toString()}\r\n`;
}
