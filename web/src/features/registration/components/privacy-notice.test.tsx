import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { activateLocale } from '../../../lib/i18n/i18n';
import { PrivacyNotice } from './privacy-notice';

beforeAll(() => activateLocale('en'));

const renderNotice = (props: Parameters<typeof PrivacyNotice>[0]) =>
  render(
    <MemoryRouter initialEntries={['/en/events-sii/participant']}>
      <PrivacyNotice {...props} />
    </MemoryRouter>,
  );

describe('the privacy notice above the consent box', () => {
  it("shows the organiser's text in the page's language, its policy link and its contact", () => {
    renderNotice({
      eventTitle: 'SII',
      privacy: {
        organizer: 'Salon',
        notice: {
          url: 'https://salon.example/privacy',
          texts: { fr: 'Texte', en: 'Used for your registration.', ja: '' },
          contactEmail: 'dpo@salon.example',
        },
      },
    });
    expect(screen.getByRole('region', { name: en.privacy.form.title })).toBeInTheDocument();
    expect(screen.getByText('Used for your registration.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy notice of Salon' })).toHaveAttribute(
      'href',
      'https://salon.example/privacy',
    );
    expect(screen.getByText('Questions about your data: dpo@salon.example')).toBeInTheDocument();
    expect(screen.queryByText(/processes the data of this form/)).toBeNull();
  });

  it('says a default sentence naming the organiser, with the product privacy page, when it set no notice', () => {
    renderNotice({
      eventTitle: 'SII',
      privacy: {
        organizer: 'Salon',
        notice: { url: '', texts: { fr: '', en: '', ja: '' }, contactEmail: 'contact@salon.example' },
      },
    });
    expect(screen.getByText(/^Salon processes the data of this form/)).toBeInTheDocument();
    expect(screen.getByText('Questions about your data: contact@salon.example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.privacy.form.productPolicy })).toHaveAttribute(
      'href',
      '/en/privacy',
    );
  });
});
