import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const person = (userId: number, firstName: string, memberTypeId: number, memberType: string) => ({
  userId,
  email: `${firstName.toLowerCase()}@example.org`,
  firstName,
  lastName: 'Tester',
  memberTypeId,
  memberType,
  joinedAt: '2026-01-05T10:00:00.000Z',
});
const ada = person(7, 'Ada', 1, 'owner');
const bob = person(8, 'Bob', 3, 'member');
const cleo = person(9, 'Cleo', 2, 'admin');
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

function api(callerType: string, members = [ada, bob, cleo], extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(fixtures.session(), {
    'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType: callerType }),
    'GET /api/organizations/1/members': json(200, { data: members }),
    'GET /api/member-types': json(200, {
      data: [
        { id: 1, code: 'owner', name: 'Owner' },
        { id: 2, code: 'admin', name: 'Admin' },
        { id: 3, code: 'member', name: 'Member' },
      ],
    }),
    'GET /api/organizations/1/invitations': json(200, { data: [], page: 1, limit: 5, total: 0 }),
    ...extra,
  });
}

describe('/members: member administration', () => {
  it('never offers to remove or change the only owner', async () => {
    api('owner');
    renderApp('/en/members');
    expect(await screen.findByText(en.console.memberAdmin.lastOwner)).toBeInTheDocument();
    const adaName = 'Ada Tester';
    expect(
      screen.queryByRole('button', { name: fill(en.console.memberAdmin.removeLabel, { name: adaName }) }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: fill(en.console.memberAdmin.removeLabel, { name: 'Bob Tester' }) }),
    ).toBeInTheDocument();
  });

  it('changes a member type', async () => {
    const { calls } = api('owner', [ada, bob], {
      'PUT /api/organizations/1/members/8': json(200, { ...bob, memberTypeId: 2, memberType: 'admin' }),
    });
    renderApp('/en/members');
    const select = await screen.findByRole('combobox', {
      name: fill(en.console.memberAdmin.typeOf, { name: 'Bob Tester' }),
    });
    await userEvent.selectOptions(select, '2');
    await userEvent.click(
      screen.getByRole('button', { name: fill(en.console.memberAdmin.changeTypeOf, { name: 'Bob Tester' }) }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      fill(en.console.memberAdmin.changed, { name: 'Bob Tester', type: en.console.memberTypes.admin }),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ memberTypeId: 2 });
  });

  it('removes a member after a dialog that names them, by keyboard', async () => {
    let removed = false;
    const { calls } = api('owner', [ada, bob], {
      'GET /api/organizations/1/members': () => json(200, { data: removed ? [ada] : [ada, bob] }),
      'DELETE /api/organizations/1/members/8': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/en/members');
    const remove = await screen.findByRole('button', {
      name: fill(en.console.memberAdmin.removeLabel, { name: 'Bob Tester' }),
    });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', {
      name: fill(en.console.memberAdmin.removeTitle, { name: 'Bob Tester' }),
    });
    expect(dialog).toHaveAccessibleDescription(
      fill(en.console.memberAdmin.removeText, { name: 'Bob Tester', email: 'bob@example.org' }),
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent(
      fill(en.console.memberAdmin.removed, { name: 'Bob Tester' }),
    );
    await waitFor(() => expect(screen.queryByText('bob@example.org')).not.toBeInTheDocument());
  });

  it('shows the upstream refusal in the dialog, localised', async () => {
    api('owner', [ada, bob], {
      'DELETE /api/organizations/1/members/8': errorResponse(409, 'errors.lifecycle.lastOwner'),
    });
    renderApp('/en/members');
    await userEvent.click(
      await screen.findByRole('button', {
        name: fill(en.console.memberAdmin.removeLabel, { name: 'Bob Tester' }),
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: fill(en.console.memberAdmin.removeConfirm, { name: 'Bob Tester' }),
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.errors.lifecycle.lastOwner);
  });

  it('keeps an admin away from owners, and a plain member away from everything', async () => {
    api('admin', [ada, person(10, 'Dora', 1, 'owner'), bob]);
    const { unmount } = renderApp('/en/members');
    const select = await screen.findByRole('combobox', {
      name: fill(en.console.memberAdmin.typeOf, { name: 'Bob Tester' }),
    });
    expect(
      within(select).queryByRole('option', { name: en.console.memberTypes.owner }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', {
        name: fill(en.console.memberAdmin.removeLabel, { name: 'Ada Tester' }),
      }),
    ).not.toBeInTheDocument();
    unmount();
    api('member');
    renderApp('/en/members');
    expect(await screen.findByText(en.console.members.managersOnly)).toBeInTheDocument();
    expect(
      screen.queryByRole('columnheader', { name: en.console.memberAdmin.actions }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: fill(en.console.memberAdmin.typeOf, { name: 'Bob Tester' }) }),
    ).not.toBeInTheDocument();
  });
});
