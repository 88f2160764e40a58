// @vitest-environment node
import type { RegistrationReport } from '@evt/contracts/analytics';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { daysBefore, exportRows, reportSections, summaryRows } from './report-sections';

const t = ((key: string, values?: { count?: number }) =>
  values?.count === undefined ? key : `${key}:${values.count}`) as unknown as TFunction;
const formatDay = (day: string) => `day ${day}`;
const base: RegistrationReport = {
  eventId: 1,
  startsOn: '2027-01-10',
  total: 3,
  pending: 1,
  confirmed: 2,
  confirmationRate: 2 / 3,
  byDay: [{ date: '2027-01-01', count: 3, cumulative: 3 }],
  byKind: [{ key: 'participant', count: 3 }],
  byCountry: [],
  byLanguage: [],
  checkIns: null,
  b2bMeetings: null,
};

describe('report sections: check-ins and B2B', () => {
  it('leaves them out while no report holds them', () => {
    const ids = reportSections([base], t, 'en', formatDay).map((s) => s.id);
    expect(ids).not.toContain('checkInsByHour');
    expect(ids).not.toContain('b2bMeetings');
    expect(summaryRows([base], t, 'en').map((r) => r.label)).not.toContain('analytics.summary.checkedIn');
  });

  it('adds check-ins per hour (in order) and per role, the checked-in total and the B2B figures', () => {
    const withThem: RegistrationReport = {
      ...base,
      checkIns: {
        total: 3,
        byKind: [{ key: 'participant', count: 3 }],
        byHour: [
          { hour: '2027-01-01T10:00Z', count: 1 },
          { hour: '2027-01-01T09:00Z', count: 2 },
        ],
      },
      b2bMeetings: { requested: 5, scheduled: 3, held: 1 },
    };
    const sections = reportSections([withThem, base], t, 'en', formatDay);
    const hours = sections.find((s) => s.id === 'checkInsByHour');
    expect(hours?.values).toEqual([
      [2, 1],
      [0, 0],
    ]);
    expect(sections.find((s) => s.id === 'checkInsByKind')?.values).toEqual([[3], [0]]);
    expect(sections.find((s) => s.id === 'b2bMeetings')?.values).toEqual([
      [5, 3, 1],
      [0, 0, 0],
    ]);
    const rows = exportRows([withThem, base], ['A', 'B'], t, 'en', formatDay);
    expect(rows).toContainEqual(['analytics.summary.title', 'analytics.summary.checkedIn', '3', '0']);
    expect(rows).toContainEqual(['analytics.sections.b2bMeetingStages', 'analytics.b2b.held', '1', '0']);
  });
});

describe('report sections: registrations over time', () => {
  it('names one event’s days through the date formatter, in order', () => {
    const report = {
      ...base,
      byDay: [
        { date: '2027-01-02', count: 1, cumulative: 1 },
        { date: '2027-01-04', count: 2, cumulative: 3 },
      ],
    };
    const perDay = reportSections([report], t, 'en', formatDay).find((s) => s.id === 'perDay');
    expect(perDay?.labels).toEqual(['day 2027-01-02', 'day 2027-01-04']);
    expect(perDay?.axisTitle).toBeUndefined();
  });

  it('lines compared events up by the days before each one’s start, keeping running totals', () => {
    const first = {
      ...base,
      startsOn: '2027-01-10',
      byDay: [
        { date: '2027-01-07', count: 2, cumulative: 2 },
        { date: '2027-01-10', count: 1, cumulative: 3 },
      ],
    };
    // a year later: its days before the start are the same distances
    const second = {
      ...base,
      startsOn: '2028-03-01',
      byDay: [
        { date: '2028-02-25', count: 4, cumulative: 4 },
        { date: '2028-02-26', count: 1, cumulative: 5 },
        { date: '2028-03-02', count: 1, cumulative: 6 },
      ],
    };
    const sections = reportSections([first, second], t, 'en', formatDay);
    const perDay = sections.find((s) => s.id === 'perDay');
    expect(perDay?.labels).toEqual([
      'analytics.days.before:5',
      'analytics.days.before:4',
      'analytics.days.before:3',
      'analytics.days.startDay',
      'analytics.days.after:1',
    ]);
    expect(perDay?.axisTitle).toBe('analytics.days.axis');
    expect(perDay?.values).toEqual([
      [0, 0, 2, 1, 0],
      [4, 1, 0, 0, 1],
    ]);
    expect(sections.find((s) => s.id === 'cumulative')?.values).toEqual([
      [0, 0, 2, 3, 3],
      [4, 5, 5, 5, 6],
    ]);
  });

  it('counts whole UTC days', () => {
    expect(daysBefore('2027-03-27', '2027-03-29')).toBe(2);
    expect(daysBefore('2027-03-30', '2027-03-29')).toBe(-1);
  });
});
