import type { Event } from '@evt/contracts/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { currentPath, errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const draft: Event = { ...fixtures.event(), status: 'draft' };
const fill = (text: string, name = draft.name) => text.replaceAll('{{name}}', name);

function api(memberType: string, extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, draft),
    'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType }),
    'GET /api/automation/enrolmentMetrics': metrics({}),
    ...extra,
  });
}

describe('/events/infos-{id}: the event lifecycle', () => {
  it('publishes a draft and then offers to archive it', async () => {
    const { calls } = api('member', {
      'PUT /api/events/3/status': json(200, { ...draft, status: 'published' }),
    });
    renderApp('/en/events/infos-3');
    await userEvent.click(await screen.findByRole('button', { name: en.console.eventLifecycle.publish }));
    expect(await screen.findByText(en.console.eventLifecycle.published)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/events/3/status')?.body).toEqual({ status: 'published' });
    expect(screen.queryByRole('button', { name: en.console.eventLifecycle.publish })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.console.eventLifecycle.archive })).toBeInTheDocument();
  });

  it('hides deletion from a plain member and says who may', async () => {
    api('member');
    renderApp('/en/events/infos-3');
    expect(await screen.findByText(en.console.eventLifecycle.managersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.console.eventLifecycle.delete })).not.toBeInTheDocument();
  });

  it('deletes the event after a dialog naming it and what goes with it', async () => {
    const { calls } = api('admin', {
      'DELETE /api/events/3': new Response(null, { status: 204 }),
      'PUT /api/session/selection': json(200, { organizationId: 1, eventId: null, commissionId: null }),
      'GET /api/organizations/1/events': json(200, { data: [] }),
    });
    const { router } = renderApp('/en/events/infos-3');
    await userEvent.click(await screen.findByRole('button', { name: en.console.eventLifecycle.delete }));
    const dialog = await screen.findByRole('alertdialog', {
      name: fill(en.console.eventLifecycle.deleteTitle),
    });
    expect(dialog).toHaveAccessibleDescription(fill(en.console.eventLifecycle.deleteText));
    await userEvent.click(
      within(dialog).getByRole('button', { name: fill(en.console.eventLifecycle.deleteConfirm) }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/en/events'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/events/3')).toBe(true);
    expect(calls.find((c) => c.path === '/api/session/selection')?.body).toMatchObject({ eventId: null });
  });

  it('keeps the dialog open with the reason when the deletion is refused', async () => {
    api('owner', { 'DELETE /api/events/3': errorResponse(403, 'errors.forbidden') });
    renderApp('/en/events/infos-3');
    await userEvent.click(await screen.findByRole('button', { name: en.console.eventLifecycle.delete }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: fill(en.console.eventLifecycle.deleteConfirm) }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.errors.forbidden);
  });

  it('closes registrations after confirming, and says how many forms', async () => {
    api('member', { 'POST /api/events/3/close-registrations': json(200, { closed: 2 }) });
    renderApp('/en/events/infos-3');
    await userEvent.click(
      await screen.findByRole('button', { name: en.console.eventLifecycle.closeRegistrations }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: fill(en.console.eventLifecycle.closeTitle),
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: en.console.eventLifecycle.closeRegistrations }),
    );
    expect(
      await screen.findByText(en.console.eventLifecycle.closed_other.replace('{{count}}', '2')),
    ).toBeInTheDocument();
  });
});
