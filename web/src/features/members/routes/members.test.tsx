import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const invitation = (id: number, status = 'pending') => ({
  id,
  organizationId: 1,
  email: `guest${id}@example.org`,
  memberTypeId: 3,
  memberType: 'member',
  status,
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
});

function api(memberType = 'owner') {
  const invalidated = new Set<number>();
  let pageAsked = 1;
  const { fetchMock } = mockApi(fixtures.session(), {
    'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType }),
    'GET /api/organizations/1/members': json(200, {
      data: [
        {
          userId: 7,
          email: 'ada@example.org',
          firstName: 'Ada',
          lastName: 'Lovelace',
          memberTypeId: 1,
          memberType: 'owner',
          joinedAt: '2026-01-05T10:00:00.000Z',
        },
      ],
    }),
    'GET /api/member-types': json(200, {
      data: [
        { id: 1, code: 'owner', name: 'Owner' },
        { id: 3, code: 'member', name: 'Member' },
      ],
    }),
    'GET /api/organizations/1/invitations': () => {
      const ids = pageAsked === 1 ? [7, 6, 5, 4, 3] : [2, 1];
      return json(200, {
        data: ids.map((id) => invitation(id, invalidated.has(id) ? 'invalidated' : 'pending')),
        page: pageAsked,
        limit: 5,
        total: 7,
      });
    },
    'POST /api/organizations/1/members/invite': ({ body }) => {
      const { email } = body as { email: string };
      const known = email === 'grace@example.org';
      return json(201, {
        ...invitation(9),
        email,
        account: known ? { firstName: 'Grace', lastName: 'Hopper' } : null,
      });
    },
    'POST /api/invitations/1/invalidate': () => {
      invalidated.add(1);
      return json(200, invitation(1, 'invalidated'));
    },
  });
  // the page asked for is in the query string, which the handler does not see
  const original = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/invitations')) pageAsked = Number(url.searchParams.get('page'));
    return (original as (i: RequestInfo | URL, n?: RequestInit) => Promise<Response>)(input, init);
  });
  return { fetchMock };
}

describe('/members', () => {
  it('pages invitations 5 at a time and reloads the list after an invalidation', async () => {
    const { fetchMock } = api();
    renderApp('/en/members');
    expect(await screen.findByRole('cell', { name: 'guest7@example.org' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/invitations'))?.[0])).toContain(
      'limit=5&page=1',
    );

    await userEvent.click(screen.getByRole('button', { name: en.console.pagination.next }));
    expect(await screen.findByRole('cell', { name: 'guest1@example.org' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Invalidate the invitation to guest1@example.org' });
    // it asks first: Cancel closes the dialog, nothing is sent, the focus returns to the button
    await userEvent.click(trigger);
    let dialog = await screen.findByRole('alertdialog', { name: en.invitationConfirm.title });
    expect(dialog).toHaveAccessibleDescription(
      en.invitationConfirm.message.replace('{{email}}', 'guest1@example.org'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(trigger).toHaveFocus();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/invalidate'))).toBe(false);
    // confirmed: invalidated and the list reloaded
    await userEvent.click(trigger);
    dialog = await screen.findByRole('alertdialog', { name: en.invitationConfirm.title });
    await userEvent.click(within(dialog).getByRole('button', { name: en.invitationConfirm.confirm }));
    await waitFor(() =>
      expect(screen.getAllByText(en.console.invitations.status.invalidated)).toHaveLength(1),
    );
    // the file's first render loads the console's modules: seconds on a loaded 2-core machine
  }, 15_000);
});

describe('/members for a plain member', () => {
  it('offers no invitation form nor invitation list, and says who manages them', async () => {
    const { fetchMock } = api('member');
    renderApp('/en/members');
    expect(await screen.findByText(en.console.members.managersOnly)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ada@example.org' })).toBeInTheDocument();
    expect(screen.queryByLabelText(en.console.invite.email)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/invitations'))).toBe(false);
  });
});

describe('/organizations/settings', () => {
  it('offers the settings form and image to a manager only', async () => {
    mockApi(fixtures.session(), { 'GET /api/organizations/1': json(200, fixtures.organization()) });
    const first = renderApp('/en/organizations/settings');
    expect(await screen.findByRole('button', { name: en.console.settings.save })).toBeInTheDocument();
    first.unmount();
    mockApi(fixtures.session(), {
      'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType: 'member' }),
    });
    renderApp('/en/organizations/settings');
    expect(await screen.findByText(en.console.settings.managersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.console.settings.save })).not.toBeInTheDocument();
    expect(screen.queryByText(en.console.settings.imageTitle)).not.toBeInTheDocument();
  });
});

describe('/organizations/invite', () => {
  it('shows a clear page for an unknown code, and for a used one', async () => {
    const { calls } = mockApi(null, {
      'GET /api/invitations/current': errorResponse(404, 'errors.notFound'),
    });
    renderApp('/en/organizations/invite?code=unknown-code-0123456789');
    expect(
      await screen.findByRole('heading', { name: en.console.acceptInvite.problem.invalid.title }),
    ).toBeInTheDocument();
    // the code goes in a header, never in an API address
    const lookups = calls.filter((call) => call.path === '/api/invitations/current');
    expect(lookups.map((call) => call.headers.get('x-invitation-code'))).toContain('unknown-code-0123456789');
    expect(calls.some((call) => call.path.includes('unknown-code'))).toBe(false);
  });

  it('leads the misspelt route with a token to the same flow', async () => {
    const code = 'used-code-0123456789abcdef';
    mockApi(null, {
      'GET /api/invitations/current': json(200, {
        invitation: {
          id: 1,
          email: 'guest@example.org',
          status: 'accepted',
          memberType: 'member',
          expiresAt: '2026-12-01T00:00:00.000Z',
          organization: { id: 1, name: 'Salon 1' },
          accountExists: true,
        },
        organizations: [{ id: 1, name: 'Salon 1', description: '' }],
      }),
    });
    renderApp(`/en/organizations/intivite/${code}`);
    expect(
      await screen.findByRole('heading', { name: en.console.acceptInvite.problem.accepted.title }),
    ).toBeInTheDocument();
  });
});

describe('inviting', () => {
  it('names the person when the address already has an account the inviter can see', async () => {
    api();
    renderApp('/en/members');
    const form = await screen.findByRole('form', { name: en.console.invite.title });
    await userEvent.type(
      within(form).getByLabelText(new RegExp(en.console.invite.email)),
      'grace@example.org',
    );
    await userEvent.selectOptions(within(form).getByLabelText(new RegExp(en.console.invite.memberType)), '3');
    await userEvent.click(within(form).getByRole('button', { name: en.console.invite.submit }));
    expect(
      await within(form).findByText(
        en.console.invite.sentToAccount
          .replace('{{name}}', en.common.fullName.replace('{{first}}', 'Grace').replace('{{last}}', 'Hopper'))
          .replace('{{email}}', 'grace@example.org'),
      ),
    ).toBeInTheDocument();
  });

  it('says no one the inviter works with has an account at the address, and still invites', async () => {
    const { fetchMock } = api();
    renderApp('/en/members');
    const form = await screen.findByRole('form', { name: en.console.invite.title });
    await userEvent.type(
      within(form).getByLabelText(new RegExp(en.console.invite.email)),
      'newcomer@example.org',
    );
    await userEvent.selectOptions(within(form).getByLabelText(new RegExp(en.console.invite.memberType)), '3');
    await userEvent.click(within(form).getByRole('button', { name: en.console.invite.submit }));
    expect(
      await within(form).findByText(en.console.invite.sent.replace('{{email}}', 'newcomer@example.org')),
    ).toBeInTheDocument();
    const invites = fetchMock.mock.calls.filter(
      ([input, init]) =>
        String(input).endsWith('/api/organizations/1/members/invite') && init?.method === 'POST',
    );
    expect(invites).toHaveLength(1);
  });
});
