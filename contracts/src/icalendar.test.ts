import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from './event-time-zone';
import { calendarText, icalendar } from './icalendar';

// ical.js reads the properties of RFC 5545; RFC 7986's NAME and the X-WR-CALNAME convention are TEXT too
for (const property of ['name', 'x-wr-calname']) {
  ICAL.design.defaultSet.property[property] = { defaultType: 'text' };
}

/** What ical.js, an independent parser, reads back: the calendar's name and each event's text fields. */
function readBack(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: event.getFirstPropertyValue('uid'),
      sequence: event.getFirstPropertyValue('sequence'),
      // an empty text is left out by the writer: read as ''
      summary: event.getFirstPropertyValue('summary') ?? '',
      location: event.getFirstPropertyValue('location') ?? '',
      description: event.getFirstPropertyValue('description') ?? '',
      status: event.getFirstPropertyValue('status'),
    })),
  };
}

/** What the text must read back as: line breaks of every kind become LF (iCalendar's only one). */
const expected = (value: string) => calendarText(value).replace(/\r\n|\r|\n/g, '\n');

/** Arbitrary text, with the characters iCalendar gives a meaning to made frequent. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .array(
      fc.constantFrom('\r', '\n', '\r\n', ',', ';', '\\', ':', '"', 'é', '日本', '😀', 'a', ' ', '\t', '\0'),
      {
        maxLength: 120,
      },
    )
    .map((parts) => parts.join('')),
);

const entry = (summary: string, location: string, description: string, uid: string) => ({
  uid,
  sequence: 3,
  stamp: new Date('2027-03-01T08:00:00Z'),
  start: new Date('2027-03-10T08:30:00Z'),
  end: new Date('2027-03-10T09:00:00Z'),
  summary,
  location,
  description,
});

describe('the iCalendar writer', () => {
  it('writes any text so that an independent parser reads it back unchanged, one event per entry', () => {
    fc.assert(
      fc.property(text, text, text, text, text, (name, summary, location, description, uid) => {
        const written = icalendar({ name, company: 'evt', product: 'test' }, [
          entry(summary, location, description, `u-${uid}`),
          entry('second', '', '', 'uid-2'),
        ]);
        const back = readBack(written);
        expect(back.name ?? '').toBe(expected(name));
        expect(back.events).toHaveLength(2);
        expect(back.events[0]).toEqual({
          uid: expected(`u-${uid}`),
          sequence: 3,
          summary: expected(summary),
          location: expected(location),
          description: expected(description),
          status: 'CONFIRMED',
        });
      }),
      { numRuns: 300 },
    );
  });

  it('folds every line at 75 octets without splitting a UTF-8 character, lines ending in CRLF', () => {
    fc.assert(
      fc.property(text, (summary) => {
        const written = icalendar({ name: summary, company: 'evt', product: 'test' }, [
          entry(summary.repeat(3), summary, summary, 'uid-1'),
        ]);
        expect(written.endsWith('\r\n')).toBe(true);
        for (const line of written.slice(0, -2).split('\r\n')) {
          const bytes = new TextEncoder().encode(line);
          expect(bytes.length).toBeLessThanOrEqual(75);
          // a split character would not decode back to the same line
          expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(line);
          expect(line).not.toMatch(/[\r\n]/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the iCalendar writer, on an event clock', () => {
  /** A session at 09:30–10:00 on `day` in `zone`, as the programme writes it; its start as ical.js reads it. */
  function sessionRead(day: string, zone: string) {
    const written = icalendar({ name: 'Programme', company: 'evt', product: 'test', timeZone: zone }, [
      {
        ...entry('Opening', '', '', 'session-1'),
        start: zonedInstant(day, '09:30', zone),
        end: zonedInstant(day, '10:00', zone),
      },
    ]);
    const calendar = new ICAL.Component(ICAL.parse(written));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    return { calendar, start: event.startDate, end: event.endDate };
  }

  it.each([
    ['Europe/Paris', '2027-03-10', '2027-03-10T08:30:00.000Z'],
    // summer time: the same wall clock is an hour earlier in UTC
    ['Europe/Paris', '2027-07-10', '2027-07-10T07:30:00.000Z'],
    ['Asia/Tokyo', '2027-03-10', '2027-03-10T00:30:00.000Z'],
  ])('writes a %s session of %s as the instant it is there, and names the zone', (zone, day, instant) => {
    const { calendar, start, end } = sessionRead(day, zone);
    expect(start.isDate).toBe(false);
    // UTC, not floating: every calendar application reads the same instant
    expect(start.zone?.tzid).toBe('UTC');
    expect(start.toJSDate().toISOString()).toBe(instant);
    expect(end.toJSDate().getTime() - start.toJSDate().getTime()).toBe(30 * 60_000);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(zone);
  });
});
