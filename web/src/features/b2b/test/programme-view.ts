import { DEFAULT_PROGRAMME_SETTINGS, type ProgrammeView } from '@evt/contracts/b2b';
import { DEFAULT_MATCH_CONFIG } from '@evt/matching/index';

/** A published programme of event 7 with one placed meeting, for the programme page's tests. */
export const programmeView = (changes: Partial<ProgrammeView> = {}): ProgrammeView => ({
  eventId: 7,
  timeZone: 'Europe/Paris',
  settings: { ...DEFAULT_PROGRAMME_SETTINGS, days: ['2027-03-10'] },
  match: DEFAULT_MATCH_CONFIG as ProgrammeView['match'],
  frozen: true,
  publishedAt: '2027-03-01T10:00:00.000Z',
  run: { state: 'done', startedAt: null, finishedAt: null, upperBound: null, gapPct: null, optimal: false },
  lockedConflicts: [],
  slots: [],
  meetings: [],
  unplaced: [],
  shortfalls: [],
  figures: {
    companies: 2,
    requests: 1,
    accepted: 1,
    placed: 1,
    minMeetings: 1,
    minCompanies: ['Atlas Industries', 'Kobe Robotics'],
    medianMeetings: 1,
    maxMeetings: 1,
    tablesUsed: 0,
    mustMeet: 0,
    mustMeetPlaced: 0,
  },
  offers: [],
  pendingChanges: 0,
  companies: [],
  onlineLinks: { missing: 0, error: null, checkedAt: null },
  ...changes,
});
