import type { ProgrammeView } from '@evt/contracts/b2b';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../../../../../locales/fr.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { programmeView } from '../test/programme-view';
import { OnlineLinks } from './online-links';

beforeAll(() => activateLocale('fr'));

const viewWith = (onlineLinks: ProgrammeView['onlineLinks']) => programmeView({ onlineLinks });

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
