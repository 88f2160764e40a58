import type { Agenda } from './b2b';
import { icalendar } from './icalendar';

/**
 * A company's agenda as an iCalendar file, for the `.ics` download and the calendar feed, written by the
 * product's one iCalendar writer. Each meeting keeps its UID for its whole life and carries its SEQUENCE,
 * so a moved meeting updates the event already in a calendar instead of adding a second one; a cancelled
 * one is sent as CANCELLED. The calendar names the event's zone (the times are the instants they are there).
 */
export interface IcsTexts {
  /** the meeting's title, `{{company}}` replaced by the other company's name */
  summary: string;
  /** the place of an online meeting */
  online: string;
}

const DEFAULT_TEXTS: IcsTexts = { summary: 'B2B: {{company}}', online: 'Online' };

export function agendaIcs(
  agenda: Omit<Agenda, 'mustMeet' | 'timeZone'> & Partial<Pick<Agenda, 'timeZone'>>,
  texts: IcsTexts = DEFAULT_TEXTS,
  now = new Date(),
): string {
  return icalendar(
    { name: agenda.eventTitle, company: 'evt', product: 'b2b programme', timeZone: agenda.timeZone },
    agenda.meetings.map((m) => ({
      uid: m.uid,
      sequence: m.sequence,
      stamp: now,
      start: new Date(m.start),
      end: new Date(m.end),
      summary: texts.summary.replace('{{company}}', () => m.otherName),
      location: m.onlineUrl ?? (m.table === null ? texts.online : m.table),
      url: m.onlineUrl,
      cancelled: m.status === 'cancelled',
    })),
  );
}
