import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

function dashboardWith(byDay: { date: string; count: number }[]) {
  mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': json(200, {
      eventId: 3,
      total: 5,
      byRole: { participant: 5 },
      byStatus: { pending: 1, confirmed: 4 },
      byDay,
    }),
  });
}

describe("the dashboard's registrations per day", () => {
  it('names each day in the reader’s language, not as an ISO date', async () => {
    dashboardWith([
      { date: '2026-11-24', count: 2 },
      { date: '2026-11-25', count: 3 },
    ]);
    renderApp('/en/events/dashboard-3');
    const table = await screen.findByRole('table', { name: en.console.metrics.byDay }, { timeout: 15_000 });
    const days = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(days).toEqual(['Nov 24, 2026', 'Nov 25, 2026']);
  }, 30_000);

  it('in Japanese too', async () => {
    dashboardWith([{ date: '2026-11-24', count: 2 }]);
    renderApp('/jp/events/dashboard-3');
    const table = await screen.findByRole('table', { name: ja.console.metrics.byDay }, { timeout: 15_000 });
    expect(within(table).getByRole('rowheader').textContent).toBe('2026/11/24');
  }, 30_000);
});
