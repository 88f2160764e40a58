import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const settings = (memberType: string) =>
  mockApi(fixtures.session(), {
    'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType }),
    'GET /api/organizations/1/retention': json(200, { retentionMonths: null }),
    'PUT /api/organizations/1/retention': ({ body }) => json(200, body),
  });

describe('the organisation’s data retention', () => {
  it('lets an owner set a number of months, refuses 0 before sending, and empties it back to keep', async () => {
    const user = userEvent.setup();
    const { calls } = settings('owner');
    renderApp('/en/organizations/settings');
    const form = await screen.findByRole('form', { name: en.dataRights.retention.title });
    const months = within(form).getByLabelText(en.dataRights.retention.months, { exact: false });
    const save = within(form).getByRole('button', { name: en.dataRights.retention.save });
    await user.type(months, '0');
    await user.click(save);
    await waitFor(() => expect(months).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(months);
    await user.type(months, '18');
    await user.click(save);
    await within(form).findByText(en.dataRights.retention.saved_other.replace('{{count}}', '18'));
    await user.clear(months);
    await user.click(save);
    await within(form).findByText(en.dataRights.retention.savedKept);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { retentionMonths: 18 },
      { retentionMonths: null },
    ]);
  }, 20_000);

  it('shows an administrator the setting without a form', async () => {
    settings('admin');
    renderApp('/en/organizations/settings');
    await screen.findByText(en.dataRights.retention.kept);
    expect(screen.queryByRole('form', { name: en.dataRights.retention.title })).not.toBeInTheDocument();
  }, 20_000);
});
