import { DEFAULT_PROGRAMME_SETTINGS, type ProgrammeView } from '@evt/contracts/b2b';
import { DEFAULT_MATCH_CONFIG } from '@evt/matching/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { CompanyCapsForm } from './programme-caps';

beforeAll(() => activateLocale('en'));

const settings = {
  ...DEFAULT_PROGRAMME_SETTINGS,
  days: ['2027-03-10'],
  companyCaps: [{ companyId: 5, requestCap: 0 }],
};
const view: ProgrammeView = {
  eventId: 7,
  timeZone: 'Europe/Paris',
  settings,
  match: DEFAULT_MATCH_CONFIG as ProgrammeView['match'],
  frozen: false,
  publishedAt: null,
  run: { state: 'idle', startedAt: null, finishedAt: null, upperBound: null, gapPct: null, optimal: false },
  lockedConflicts: [],
  slots: [],
  meetings: [],
  unplaced: [],
  shortfalls: [],
  figures: {
    companies: 2,
    requests: 1,
    accepted: 0,
    placed: 0,
    minMeetings: 0,
    minCompanies: [],
    medianMeetings: 0,
    maxMeetings: 0,
    tablesUsed: 0,
    mustMeet: 0,
    mustMeetPlaced: 0,
  },
  offers: [],
  pendingChanges: 0,
  companies: [
    { id: 4, companyName: 'Atlas Industries', requestsUsed: 1 },
    { id: 5, companyName: 'Sahel Distribution', requestsUsed: 0 },
  ],
  onlineLinks: { missing: 0, error: null, checkedAt: null },
};
const PATH = '/api/events/7/b2b/settings';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CompanyCapsForm eventId={7} view={view} />
    </QueryClientProvider>,
  );

describe("the programme page: a company's own request cap", () => {
  it('lists the caps set, and adds one with the rest of the settings unchanged', async () => {
    const { calls } = mockApi(null, { [`PUT ${PATH}`]: json(200, view) });
    renderForm();
    expect(
      screen.getByText(
        en.b2b.programme.caps.row
          .replace('{{company}}', 'Sahel Distribution')
          .replace('{{cap}}', '0')
          .replace('{{used}}', '0'),
        { exact: false },
      ),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(en.b2b.programme.caps.company), '4');
    const cap = screen.getByLabelText(en.b2b.programme.caps.cap);
    await userEvent.clear(cap);
    await userEvent.type(cap, '25');
    await userEvent.click(screen.getByRole('button', { name: en.b2b.programme.caps.add }));
    expect(await screen.findByText(en.b2b.programme.caps.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...settings,
      companyCaps: [
        { companyId: 5, requestCap: 0 },
        { companyId: 4, requestCap: 25 },
      ],
    });
  });

  it('refuses a cap without a company or out of range, and sends nothing', async () => {
    const { calls } = mockApi(null, { [`PUT ${PATH}`]: json(200, view) });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: en.b2b.programme.caps.add }));
    expect(screen.getByText(en.b2b.programme.caps.invalid)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(en.b2b.programme.caps.company), '4');
    const cap = screen.getByLabelText(en.b2b.programme.caps.cap);
    await userEvent.clear(cap);
    await userEvent.type(cap, '500');
    await userEvent.click(screen.getByRole('button', { name: en.b2b.programme.caps.add }));
    expect(screen.getByText(en.b2b.programme.caps.invalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
