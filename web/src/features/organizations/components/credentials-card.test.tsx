import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const t = en.console.credentials;
const stored = (credentials: { name: string; lastCharacters: string | null }[]) => ({
  organizationId: 1,
  credentials,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

function settings(memberType: string) {
  let current = stored([{ name: 'zoomApiKey', lastCharacters: '9f3a' }]);
  return mockApi(fixtures.session(), {
    'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType }),
    'GET /api/organizations/1/retention': json(200, { retentionMonths: null }),
    'GET /api/organizations/1/credentials': () => json(200, current),
    'PUT /api/organizations/1/credentials': ({ body }) => {
      const { name, value } = body as { name: string; value: string };
      if (value === 'refused-by-server')
        return errorResponse(400, 'errors.validation', { name: ['validation.pattern'] });
      const others = current.credentials.filter((c) => c.name !== name);
      current = stored([...others, { name, lastCharacters: value.slice(-4) }]);
      return json(200, current);
    },
    'DELETE /api/organizations/1/credentials/zoomApiKey': () => {
      current = stored(current.credentials.filter((c) => c.name !== 'zoomApiKey'));
      return json(200, current);
    },
  });
}

describe('the organisation’s service credentials', () => {
  it('shows an owner each credential masked, and saves a new one without keeping its value', async () => {
    const user = userEvent.setup();
    const { calls } = settings('owner');
    renderApp('/en/organizations/settings');
    const section = await screen.findByRole('region', { name: t.title });
    await within(section).findByText(t.endsWith.replace('{{last}}', '9f3a'));
    expect(section).not.toHaveTextContent('sk_live');

    const form = within(section).getByRole('form', { name: t.formTitle });
    const name = within(form).getByLabelText(t.name, { exact: false });
    const value = within(form).getByLabelText(t.value, { exact: false });
    expect(value).toHaveAttribute('type', 'password');
    await user.type(name, 'paymentKey');
    await user.type(value, 'sk_live_secret_value_77c1');
    await user.click(within(form).getByRole('button', { name: t.save }));
    await within(form).findByText(t.saved.replace('{{name}}', 'paymentKey'));
    await within(section).findByText(t.endsWith.replace('{{last}}', '77c1'));
    expect(value).toHaveValue('');
    expect(section).not.toHaveTextContent('sk_live_secret_value');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'paymentKey', value: 'sk_live_secret_value_77c1' },
    ]);
  }, 20_000);

  it('refuses a bad name before sending, and shows the server’s field error', async () => {
    const user = userEvent.setup();
    const { calls } = settings('owner');
    renderApp('/en/organizations/settings');
    const form = await screen.findByRole('form', { name: t.formTitle });
    const name = within(form).getByLabelText(t.name, { exact: false });
    const value = within(form).getByLabelText(t.value, { exact: false });
    await user.type(name, 'has space');
    await user.type(value, 'whatever');
    await user.click(within(form).getByRole('button', { name: t.save }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText(en.validation.pattern)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(name);
    await user.type(name, 'token');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid', 'true'));
    await user.clear(value);
    await user.type(value, 'refused-by-server');
    await user.click(within(form).getByRole('button', { name: t.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
  }, 20_000);

  it('replaces a value from its row and clears a credential after confirmation', async () => {
    const user = userEvent.setup();
    settings('owner');
    renderApp('/en/organizations/settings');
    const section = await screen.findByRole('region', { name: t.title });
    await user.click(
      await within(section).findByRole('button', { name: t.replaceFor.replace('{{name}}', 'zoomApiKey') }),
    );
    const form = within(section).getByRole('form', { name: t.formTitle });
    expect(within(form).getByLabelText(t.name, { exact: false })).toHaveValue('zoomApiKey');
    expect(within(form).getByLabelText(t.value, { exact: false })).toHaveFocus();

    await user.click(
      within(section).getByRole('button', { name: t.removeFor.replace('{{name}}', 'zoomApiKey') }),
    );
    await user.click(await screen.findByRole('button', { name: en.console.deleteDialog.confirm }));
    await within(section).findByText(t.removed.replace('{{name}}', 'zoomApiKey'));
    await within(section).findByText(t.empty);
  }, 20_000);

  it('is not shown to an administrator, who never asks for it', async () => {
    const { calls } = settings('admin');
    renderApp('/en/organizations/settings');
    await screen.findByText(en.dataRights.retention.kept);
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/credentials'))).toBe(false);
  }, 20_000);
});
