import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const counts = (sent: number, pending: number, failed = 0) => ({
  confirmed: 5,
  sent,
  pending,
  failed,
  remaining: 5 - sent - pending,
});
const countsText = (c: ReturnType<typeof counts>) =>
  en.badgeSending.counts.replace(/\{\{(\w+)\}\}/g, (_, name: keyof typeof c) => String(c[name]));

describe('/events/genbadge-{id}: sending the badges by mail', () => {
  it('shows what is sent and remaining, sends the participants once, and follows them to the end', async () => {
    let status = counts(2, 0);
    const { calls } = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType: 'owner' }),
      'GET /api/automation/enrolmentMetrics': metrics({}),
      'GET /api/events/3/badge-sends': () => json(200, status),
      'POST /api/events/3/badge-sends': () => {
        status = counts(2, 3);
        return json(200, { ...status, requested: 3 });
      },
    });
    renderApp('/en/events/genbadge-3');
    expect(await screen.findByText(countsText(counts(2, 0)), { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.badgeSending.send }));
    expect(
      await screen.findByText(en.badgeSending.requested_other.replace('{{count}}', '3')),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/events/3/badge-sends')?.body).toEqual({
      roles: ['participant'],
    });
    // the queue sends them: the counts are read again while badges are on their way
    status = counts(5, 0);
    expect(
      await screen.findByText(countsText(status), { exact: false }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: en.badgeSending.progressLabel });
    expect(bar).toHaveAttribute('value', '5');
    expect(bar).toHaveAttribute('max', '5');
    // nothing left: a second send is not offered
    await waitFor(() => expect(screen.getByRole('button', { name: en.badgeSending.send })).toBeDisabled());
  }, 30_000);
});
