import type { Agenda } from '@evt/contracts/b2b';
import { agendaIcs } from '@evt/contracts/b2b-ics';
import type { PublicProgramme } from '@evt/contracts/planning';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { programmeIcs } from '../../src/routes/public/programme';

// Text that a company or an organiser typed ends up in calendar files that others subscribe to: a lone CR
// (escaped by nobody) started a new line in the B2B agenda, where calendar applications read properties
// and events the company never wrote.

const INJECTIONS = [
  'Acme\rEND:VEVENT\rBEGIN:VEVENT\rUID:forged\rSUMMARY:Forged meeting',
  'Acme\r\nATTENDEE:mailto:victim@example.org',
  'Acme\nURL:https://evil.example/',
  'Acme\u0000\u000bX-EVIL:1',
];

/** Each line ends in CRLF, and no CR or LF stands anywhere else. */
function expectOnlyCrlfLineEnds(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.slice(0, -2).split('\r\n')) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there
    expect(line).not.toMatch(/[\r\n\u0000\u000b]/);
  }
}

const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');

describe('the B2B agenda calendar', () => {
  it('keeps a typed line break inside its text: one event per meeting, no property added', () => {
    for (const name of INJECTIONS) {
      const agenda: Omit<Agenda, 'mustMeet' | 'timeZone'> = {
        eventTitle: name,
        published: true,
        meetings: [
          {
            requestId: 1,
            uid: 'b2b-1@evt',
            sequence: 2,
            start: '2027-03-10T09:30:00+01:00',
            end: '2027-03-10T10:00:00+01:00',
            table: name,
            onlineUrl: null,
            otherName: name,
            otherId: 2,
            status: 'scheduled',
          },
        ],
      };
      const text = agendaIcs(agenda);
      expectOnlyCrlfLineEnds(text);
      const [event, ...more] = events(text);
      expect(more).toHaveLength(0);
      expect(event?.getFirstPropertyValue('uid')).toBe('b2b-1@evt');
      expect(event?.getFirstPropertyValue('sequence')).toBe(2);
      expect(event?.getFirstPropertyValue('attendee')).toBeNull();
      expect(event?.getFirstPropertyValue('url')).toBeNull();
      expect(String(event?.getFirstPropertyValue('summary'))).toContain('Acme');
    }
  });
});

describe('the public programme calendar', () => {
  it('keeps a typed line break inside its text too', () => {
    for (const title of INJECTIONS) {
      const programme = {
        event: { id: 1, title, venue: title, city: 'Lyon', timeZone: 'Europe/Paris' },
        sessions: [
          {
            id: 7,
            day: '2027-03-10',
            start: '09:30',
            end: '10:00',
            title,
            room: title,
            speakers: [title],
            updatedAt: '2027-03-01T08:00:00Z',
          },
        ],
      } as unknown as PublicProgramme;
      const text = programmeIcs(programme, 'events.example.org');
      expectOnlyCrlfLineEnds(text);
      const [event, ...more] = events(text);
      expect(more).toHaveLength(0);
      expect(event?.getFirstPropertyValue('uid')).toBe('session-7@events.example.org');
      expect(event?.getFirstPropertyValue('attendee')).toBeNull();
    }
  });
});
