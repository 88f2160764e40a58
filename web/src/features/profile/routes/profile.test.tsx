import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

describe('/profile: own name and language', () => {
  it('saves the name and the preferred language, and shows them at once', async () => {
    const session = fixtures.session();
    const { calls } = mockApi(session, {
      'PUT /api/user/profile': json(200, { ...session.user, firstName: 'Augusta', locale: 'ja' }),
    });
    renderApp('/en/profile');
    const first = await screen.findByRole('textbox', { name: new RegExp(en.auth.fields.firstName) });
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: new RegExp(en.profile.language) }),
      'ja',
    );
    await userEvent.click(screen.getByRole('button', { name: en.profile.edit.submit }));
    expect(await screen.findByText(en.profile.edit.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      locale: 'ja',
    });
  });

  it('announces a refused field on the field, and sends nothing when the name is empty', async () => {
    const { calls } = mockApi(fixtures.session(), {
      'PUT /api/user/profile': errorResponse(400, 'errors.validation', { lastName: ['validation.tooLong'] }),
    });
    renderApp('/en/profile');
    const first = await screen.findByRole('textbox', { name: new RegExp(en.auth.fields.firstName) });
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: en.profile.edit.submit }));
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(first, 'Ada');
    await userEvent.click(screen.getByRole('button', { name: en.profile.edit.submit }));
    const last = screen.getByRole('textbox', { name: new RegExp(en.auth.fields.lastName) });
    await waitFor(() => expect(last).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(en.validation.tooLong)).toBeInTheDocument();
  });
});
