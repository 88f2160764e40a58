import { DEFAULT_PROGRAMME_SETTINGS, type ProgrammeView } from '@evt/contracts/b2b';
import { DEFAULT_MATCH_CONFIG } from '@evt/matching/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../../../../../locales/fr.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { OnlineLinks } from './online-links';

beforeAll(() => activateLocale('fr'));

const viewWith = (onlineLinks: ProgrammeView['onlineLinks']): ProgrammeView => ({
  eventId: 7,
  settings: { ...DEFAULT_PROGRAMME_SETTINGS, days: ['2027-03-10'] },
  match: DEFAULT_MATCH_CONFIG as ProgrammeView['match'],
  frozen: true,
  publishedAt: '2027-03-01T10:00:00.000Z',
  run: { state: 'done', startedAt: null, finishedAt: null },
  slots: [],
  meetings: [],
  unplaced: [],
  figures: {
    companies: 2,
    requests: 1,
    accepted: 1,
    placed: 1,
    minMeetings: 1,
    medianMeetings: 1,
    maxMeetings: 1,
    tablesUsed: 0,
  },
  offers: [],
  pendingChanges: 0,
  companies: [],
  onlineLinks,
});

const renderLinks = (view: ProgrammeView) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OnlineLinks eventId={7} view={view} />
    </QueryClientProvider>,
  );

describe('the programme page: the online meetings’ links', () => {
  it('shows nothing while every link is made', () => {
    const { container } = renderLinks(viewWith({ missing: 0, error: null, checkedAt: null }));
    expect(container).toBeEmptyDOMElement();
  });

  it('says in words why the links are missing, and asks the BFF to make them again', async () => {
    const { calls } = mockApi(null, {
      'POST /api/events/7/b2b/online-links': json(202, { status: 'queued' }),
    });
    renderLinks(viewWith({ missing: 2, error: 'calendar.errors.notAuthenticated', checkedAt: null }));
    expect(
      screen.getByText(fr.b2b.programme.links.missing_other.replace('{{count}}', '2')),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        fr.b2b.programme.links.failed.replace('{{reason}}', fr.calendar.errors.notAuthenticated),
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: fr.b2b.programme.links.retry }));
    expect(await screen.findByText(fr.b2b.programme.links.queued)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
