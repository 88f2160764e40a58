import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { programmeView } from '../test/programme-view';
import { ProgrammeGrid } from './programme-grid';

beforeAll(() => activateLocale('en'));

const tables = Array.from({ length: 20 }, (_, i) => `Stand B${i + 1}`);
const view = programmeView({
  settings: { ...programmeView().settings, tables },
  slots: [{ id: '2027-03-10T09:00', start: '2027-03-10T08:00:00.000Z', end: '2027-03-10T08:30:00.000Z' }],
  meetings: [
    {
      requestId: 4,
      slotId: '2027-03-10T09:00',
      tableId: 't20',
      tableName: 'Stand B20',
      fromId: 1,
      toId: 2,
      fromName: 'Atlas',
      toName: 'Kobe',
      status: 'scheduled',
      online: false,
      mustMeet: false,
      onlineUrl: null,
    },
  ],
});

describe('the meeting grid', () => {
  it('is a named region the keyboard reaches, holding every table, so it scrolls in its own box', () => {
    render(
      <MemoryRouter initialEntries={['/en/events/b2b-7']}>
        <QueryClientProvider client={new QueryClient()}>
          <ProgrammeGrid eventId={7} view={view} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: en.b2b.programme.grid.title });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('scroll-box');
    const table = within(region).getByRole('table', { name: en.b2b.programme.grid.title });
    // the slot column, twenty tables, the online column
    expect(within(table).getAllByRole('columnheader')).toHaveLength(22);
    expect(within(table).getByRole('columnheader', { name: 'Stand B20' })).toBeInTheDocument();
    expect(within(table).getByText('Atlas and Kobe')).toBeInTheDocument();
  });
});
