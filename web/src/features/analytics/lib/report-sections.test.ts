// @vitest-environment node
import type { RegistrationReport } from '@evt/contracts/analytics';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { exportRows, reportSections, summaryRows } from './report-sections';

const t = ((key: string) => key) as unknown as TFunction;
const base: RegistrationReport = {
  eventId: 1,
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
    const ids = reportSections([base], t, 'en').map((s) => s.id);
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
    const sections = reportSections([withThem, base], t, 'en');
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
    const rows = exportRows([withThem, base], ['A', 'B'], t, 'en');
    expect(rows).toContainEqual(['analytics.summary.title', 'analytics.summary.checkedIn', '3', '0']);
    expect(rows).toContainEqual(['analytics.sections.b2bMeetingStages', 'analytics.b2b.held', '1', '0']);
  });
});
