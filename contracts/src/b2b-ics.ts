import type { Agenda } from './b2b';

/**
 * A company's agenda as an iCalendar file (RFC 5545), for the `.ics` download and the calendar feed. Each
 * meeting keeps its UID for its whole life and carries its SEQUENCE, so a moved meeting updates the event
 * already in a calendar instead of adding a second one; a cancelled one is sent as CANCELLED.
 */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** `2027-03-10T09:30:00+01:00` -> `20270310T083000Z` */
const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded (a space starts each continuation). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const n = new TextEncoder().encode(char).length;
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface IcsTexts {
  /** the meeting's title, `{{company}}` replaced by the other company's name */
  summary: string;
  /** the place of an online meeting */
  online: string;
}

const DEFAULT_TEXTS: IcsTexts = { summary: 'B2B: {{company}}', online: 'Online' };

export function agendaIcs(agenda: Agenda, texts: IcsTexts = DEFAULT_TEXTS, now = new Date()): string {
  const stamp = utc(now.toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//evt//b2b programme//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(agenda.eventTitle)}`,
  ];
  for (const m of agenda.meetings) {
    const place = m.onlineUrl ?? (m.table === null ? texts.online : m.table);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${m.uid}`,
      `SEQUENCE:${m.sequence}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(m.start)}`,
      `DTEND:${utc(m.end)}`,
      `SUMMARY:${escapeText(texts.summary.replace('{{company}}', m.otherName))}`,
      `LOCATION:${escapeText(place)}`,
      ...(m.onlineUrl ? [`URL:${m.onlineUrl}`] : []),
      `STATUS:${m.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
