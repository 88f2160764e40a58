import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { currentPath, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

describe('the report names its event in its address', () => {
  it('leads the old address to the selected event’s report, which the event menu links', async () => {
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1/events': json(200, { data: [], page: 1, limit: 100, total: 0 }),
    });
    const { router } = renderApp('/en/analytics/reports');
    await waitFor(() => expect(currentPath(router)).toBe('/en/analytics/reports-3'));
    await screen.findByRole('heading', { level: 1, name: en.analytics.title });
    const menu = await screen.findByRole('navigation', { name: en.console.eventNav.label });
    expect(within(menu).getByRole('link', { name: en.analytics.nav })).toHaveAttribute(
      'href',
      '/en/analytics/reports-3',
    );
  });
});
