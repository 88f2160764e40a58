import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { errorResponse, json, mockApi } from '../../../test/render-app';
import { ProfileEditView } from './profile-edit-view';

const values = {
  employees: '45',
  annualRevenue: '',
  certifications: [],
  otherCertification: '',
  websiteUrl: '',
  businessSectors: ['industry_manufacturing'],
  otherSector: '',
  companyDescription: 'We distribute industrial equipment across West Africa and the Maghreb.',
  skills: 'Distribution',
  offerType: 'b2b_services',
  otherOfferType: '',
  targetMarket: 'Europe',
  needType: 'suppliers',
  otherNeedType: '',
  needUrgency: 'immediate',
  targetedPartnerType: 'suppliers',
  otherPartnershipType: '',
  specificCriteria: '',
  participationFormat: 'hybrid',
  availabilityStart: '2027-03-10',
  availabilityEnd: '2027-03-11',
  timeSlots: ['full_day'],
  expectations: '',
  listedInDirectory: true,
};
/** the upstream's answer to a save: the profile as stored, a count read back as its digits */
const saved = (body: unknown) => ({
  companyName: 'Sahel',
  profileType: 'buyer',
  frozen: false,
  values: { ...(body as object), employees: String((body as { employees: number }).employees) },
});
const link = { slug: 'forum', code: 12, key: 'a'.repeat(48) };
const PATH = '/api/public/b2b/forum/profile';

beforeAll(() => activateLocale('en'));

const renderView = (frozen = false) =>
  render(
    <MemoryRouter initialEntries={['/en/events-forum/b2b-12']}>
      <ProfileEditView link={link} frozen={frozen} onSaved={() => undefined} />
    </MemoryRouter>,
  );

// twenty fields, two long lists of boxes: role queries take seconds in jsdom
describe('the company edits its match profile in its space', { timeout: 30_000 }, () => {
  it('saves the edited fields with the personal link in its header', async () => {
    const { calls } = mockApi(null, {
      [`GET ${PATH}`]: json(200, { companyName: 'Sahel', profileType: 'buyer', frozen: false, values }),
      [`PUT ${PATH}`]: ({ body }) => json(200, saved(body)),
    });
    renderView();
    const description = await screen.findByLabelText(en.forms.fields.companyDescription.label);
    await userEvent.clear(description);
    await userEvent.type(description, 'We now also repair industrial equipment across West Africa.');
    await userEvent.click(screen.getByRole('button', { name: en.b2b.space.profileEdit.save }));
    expect(await screen.findByText(en.b2b.space.profileEdit.saved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      companyDescription: 'We now also repair industrial equipment across West Africa.',
      businessSectors: ['industry_manufacturing'],
    });
    expect(put?.headers.get('x-b2b-key')).toBe(`12-${link.key}`);
  });

  it('withdraws the company from the directory, and lists it again', async () => {
    const { calls } = mockApi(null, {
      [`GET ${PATH}`]: json(200, { companyName: 'Sahel', profileType: 'buyer', frozen: false, values }),
      [`PUT ${PATH}`]: ({ body }) => json(200, saved(body)),
    });
    renderView();
    const listed = await screen.findByRole('checkbox', { name: en.forms.fields.listedInDirectory.label });
    expect(listed).toBeChecked();
    expect(listed).toHaveAccessibleDescription(en.forms.fields.listedInDirectory.help);
    await userEvent.click(listed);
    await userEvent.click(screen.getByRole('button', { name: en.b2b.space.profileEdit.save }));
    expect(await screen.findByText(en.b2b.space.profileEdit.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ listedInDirectory: false });
  });

  it('edits the number of employees, the revenue band and the certifications', async () => {
    const { calls } = mockApi(null, {
      [`GET ${PATH}`]: json(200, { companyName: 'Sahel', profileType: 'buyer', frozen: false, values }),
      [`PUT ${PATH}`]: ({ body }) => json(200, saved(body)),
    });
    renderView();
    const employees = await screen.findByLabelText(new RegExp(en.forms.fields.employees.label));
    expect(employees).toHaveAttribute('inputmode', 'numeric');
    await userEvent.clear(employees);
    await userEvent.type(employees, 'about fifty');
    await userEvent.click(screen.getByRole('button', { name: en.b2b.space.profileEdit.save }));
    expect(await screen.findByText(en.validation.wholeNumber)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(employees);
    await userEvent.type(employees, '1 200');
    await userEvent.selectOptions(
      screen.getByLabelText(new RegExp(en.forms.fields.annualRevenue.label)),
      en.enums.revenueBands['50m_250m'],
    );
    await userEvent.click(screen.getByRole('checkbox', { name: en.enums.certifications.iso_14001 }));
    await userEvent.click(screen.getByRole('button', { name: en.b2b.space.profileEdit.save }));
    expect(await screen.findByText(en.b2b.space.profileEdit.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      employees: 1200,
      annualRevenue: '50m_250m',
      certifications: ['iso_14001'],
    });
  });

  it('says so when the organiser froze the programme in the meantime', async () => {
    mockApi(null, {
      [`GET ${PATH}`]: json(200, { companyName: 'Sahel', profileType: 'buyer', frozen: false, values }),
      [`PUT ${PATH}`]: errorResponse(409, 'b2b.errors.profileFrozen'),
    });
    renderView();
    await screen.findByLabelText(en.forms.fields.companyDescription.label);
    await userEvent.click(screen.getByRole('button', { name: en.b2b.space.profileEdit.save }));
    expect(await screen.findByText(en.b2b.errors.profileFrozen)).toBeInTheDocument();
  });

  it('is read-only once frozen', async () => {
    mockApi(null, {
      [`GET ${PATH}`]: json(200, { companyName: 'Sahel', profileType: 'buyer', frozen: true, values }),
    });
    renderView();
    await waitFor(() =>
      expect(screen.getByLabelText(en.forms.fields.companyDescription.label)).toBeDisabled(),
    );
    expect(screen.getByText(en.b2b.space.profileEdit.frozenHelp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.b2b.space.profileEdit.save })).not.toBeInTheDocument();
  });
});
