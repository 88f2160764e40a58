import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

function openDialog(path: string) {
  const { calls } = mockApi(fixtures.session(), {
    'GET /api/organizations': json(200, { data: [fixtures.organization()] }),
    'POST /api/organizations': json(201, fixtures.organization()),
  });
  renderApp(path);
  return { calls };
}

describe('creating an organisation', () => {
  it('refuses an invalid e-mail, letters in the phone and a website that is no address, in the page language', async () => {
    const user = userEvent.setup();
    const { calls } = openDialog('/en/home');
    await user.click(await screen.findByRole('button', { name: en.home.createOrganization }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(en.home.create.name) }), 'Salon');
    const email = screen.getByRole('textbox', { name: en.home.create.email });
    const phone = screen.getByRole('textbox', { name: en.home.create.phone });
    const website = screen.getByRole('textbox', { name: en.home.create.website });
    await user.type(email, 'contact@');
    await user.type(phone, '01 23 ab');
    await user.type(website, 'not an address');
    await user.click(screen.getByRole('button', { name: en.home.create.submit }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(en.validation.email)).toBeInTheDocument();
    expect(screen.getByText(en.validation.phoneDigits)).toBeInTheDocument();
    expect(screen.getByText(en.validation.url)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 20_000);

  it('chooses the country by its name in the page language and sends its code', async () => {
    const user = userEvent.setup();
    const { calls } = openDialog('/home');
    await user.click(await screen.findByRole('button', { name: fr.home.createOrganization }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(fr.home.create.name) }), 'Salon');
    await user.type(screen.getByRole('textbox', { name: fr.home.create.phone }), '+33 1.23-45 67 89');
    const country = screen.getByRole('combobox', { name: fr.organizationFields.country });
    expect(country.querySelector('option[value="DE"]')?.textContent).toBe('Allemagne');
    await user.selectOptions(country, 'FR');
    await user.click(screen.getByRole('button', { name: fr.home.create.submit }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Salon',
      phone: '+33123456789',
      country: 'FR',
    });
  }, 20_000);
});
