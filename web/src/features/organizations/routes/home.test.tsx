import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

describe('selecting an organisation', () => {
  it('says so in a toast that stays on the home page only', async () => {
    const user = userEvent.setup();
    mockApi(fixtures.session(), {
      'GET /api/organizations': json(200, { data: [fixtures.organization(1), fixtures.organization(2)] }),
      'PUT /api/session/selection': json(200, { organizationId: 2, eventId: null, commissionId: null }),
    });
    const { router } = renderApp('/en/home');
    await user.click(
      await screen.findByRole('button', { name: en.home.selectNamed.replace('{{name}}', 'Salon 2') }),
    );
    const toast = en.home.selectedToast.replace('{{name}}', 'Salon 2');
    expect(await screen.findByText(toast)).toBeInTheDocument();

    // news about the home page: it does not follow the organiser to the next page
    await router.navigate('/en/profile');
    await screen.findByRole('heading', { level: 1, name: en.profile.title });
    // (well before its own timeout, after which any toast goes)
    expect(screen.queryByText(toast)).toBeNull();
  }, 20_000);
});
