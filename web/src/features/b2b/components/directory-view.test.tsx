import { companyProfile, directory } from '@evt/contracts/b2b';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { lovelaceEngines } from '../test/company';
import { CompanyView } from './company-view';
import { DirectoryView } from './directory-view';

const link = { slug: 'forum-b2b-lyon', code: 12, key: 'a'.repeat(48) };
const DIRECTORY = '/api/public/b2b/forum-b2b-lyon/companies';
/** a company registered before the form asked the number: its band only, no revenue, no certification */
const older = directory.shape.data.element.parse({
  ...lovelaceEngines,
  id: 42,
  companyName: 'Older Co',
  employees: null,
  companySize: 'large',
  annualRevenue: '',
  certifications: [],
});

const show = (element: React.ReactElement, path = '/en/events-forum-b2b-lyon/b2b-12?view=directory') => {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

beforeAll(() => activateLocale('en'));

describe('the B2B directory: employees, revenue and certifications', () => {
  it('shows them on each card and filters by revenue band and certification', async () => {
    const { fetchMock } = mockApi(null, {
      [`GET ${DIRECTORY}`]: json(200, { data: [lovelaceEngines, older], total: 2 }),
    });
    const router = show(<DirectoryView link={link} />);
    const card = (await screen.findByRole('link', { name: 'Lovelace Engines' })).closest('li') as HTMLElement;
    expect(
      within(card).getByText(
        `120 employees · ${en.enums.revenueBands['10m_50m']} · ${en.enums.certifications.iso_9001}, ${en.enums.certifications.iso_14001}`,
      ),
    ).toBeInTheDocument();
    const old = screen.getByRole('link', { name: 'Older Co' }).closest('li') as HTMLElement;
    expect(within(old).getByText(en.enums.companySizes.large)).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByLabelText(en.b2b.space.directory.revenue),
      en.enums.revenueBands['10m_50m'],
    );
    await userEvent.selectOptions(
      screen.getByLabelText(en.b2b.space.directory.certification),
      en.enums.certifications.haccp,
    );
    await waitFor(() => {
      const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
      const last = asked.filter((u) => u.pathname === DIRECTORY).at(-1);
      expect(last?.searchParams.get('revenue')).toBe('10m_50m');
      expect(last?.searchParams.get('certification')).toBe('haccp');
    });
    // kept in the address: a reload or Back keeps them
    expect(router.state.location.search).toContain('certification=haccp');
  });
});

describe('the B2B match profile: employees, revenue and certifications', () => {
  it('shows the count with its band, the revenue band, the certifications and a shared one', async () => {
    const profile = companyProfile.parse({
      ...lovelaceEngines,
      certifications: ['iso_9001', 'other'],
      otherCertification: 'Qualiopi',
      companyDescription: 'Engines and spare parts for agricultural machines, made in Lyon.',
      skills: 'Machining',
      websiteUrl: '',
      targetMarket: 'Europe',
      needUrgency: 'immediate',
      targetedPartnerType: 'distributors',
      specificCriteria: '',
      availabilityStart: '2027-03-10',
      availabilityEnd: '2027-03-11',
      timeSlots: ['morning'],
      fullName: 'Ada Lovelace',
      position: 'ceo',
      reasons: [
        {
          criterion: 'profilePair',
          points: 40,
          key: 'buyerSupplier',
          values: { buyer: 'Sahel', supplier: 'Lovelace' },
        },
        {
          criterion: 'certifications',
          points: 0,
          key: 'sharedCertification',
          values: { certification: 'iso_9001', count: 1 },
        },
      ],
      request: null,
    });
    mockApi(null, { 'GET /api/public/b2b/forum-b2b-lyon/companies/41': json(200, profile) });
    const me = {
      eventTitle: 'Forum',
      eventTitles: {},
      eventLanguages: [],
      eventSlug: 'forum-b2b-lyon',
      company: { ...lovelaceEngines, id: 12 },
      programme: { frozen: false, published: false, requestCap: 5, mutualAcceptance: false },
      requestsUsed: 0,
    };
    show(<CompanyView link={link} companyId={41} me={me} onChange={() => undefined} />);
    const details = (await screen.findByText(en.b2b.space.profile.employees)).closest('dl') as HTMLElement;
    expect(within(details).getByText(`120 (${en.enums.companySizes.sme})`)).toBeInTheDocument();
    expect(within(details).getByText(en.enums.revenueBands['10m_50m'])).toBeInTheDocument();
    expect(within(details).getByText(`${en.enums.certifications.iso_9001}, Qualiopi`)).toBeInTheDocument();
    const note = screen.getByText(/Both hold the ISO 9001/);
    expect(note.textContent).not.toMatch(/points/);
    expect(screen.getByText(/Sahel buys and Lovelace supplies/).textContent).toMatch(/\+40 points/);
  });
});
