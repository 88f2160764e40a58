import { randomBytes } from 'node:crypto';
import { form as b2bForm } from '@evt/contracts/forms/b2b';
import type { Locale } from '@evt/contracts/locale';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillFormField, publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { confirmLinkFor } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const SLUG = 'forum-b2b-lyon';
const run = randomBytes(3).toString('hex');
let eventId: number;
let eventTitle: string;

/** One B2B registration, every step's fields (the checked values are codes of the contracts' lists). */
const B2B: Record<string, string | string[] | boolean> = {
  companyName: 'Kansai Precision',
  profileType: 'supplier',
  fullName: 'Aiko Tanaka',
  position: 'sales_director',
  dialCode: '+81',
  phone: '312345678',
  employees: '1 200',
  websiteUrl: 'https://example.jp',
  address: '1-1 Umeda, Osaka',
  businessSectors: ['industry_manufacturing', 'others'],
  otherSector: 'Robotics',
  companyDescription: 'We make precision tools for the car and aircraft industries.',
  skills: 'Machining, quality control',
  offerType: 'products_to_distribute',
  targetMarket: 'Europe and West Africa',
  needType: 'distributors',
  needUrgency: 'within_6_months',
  targetedPartnerType: 'distributors',
  participationFormat: 'hybrid',
  availabilityStart: '2027-03-01',
  availabilityEnd: '2027-03-02',
  timeSlots: ['morning', 'afternoon'],
  privacyConsent: true,
};

beforeAll(async () => {
  await setEventForms(suite.baseUrl, SLUG, [{ kind: 'b2b', open: true }]);
  const { event } = await publicFormsOf(suite.baseUrl, SLUG);
  eventId = event.id;
  // the page is in Japanese: the event's Japanese name
  eventTitle = event.titles.ja ?? event.title;
});

describe("the event's public page and the B2B form", () => {
  it('opens the event page signed out, follows its B2B link and registers a company (axe on each page)', async () => {
    const locale: Locale = 'ja';
    const { context, page } = await suite.open('ja-JP');
    await page.goto(localised(locale, `/events/${eventId}`));
    await page.getByRole('heading', { level: 1, name: exact(eventTitle) }).waitFor();
    await page.getByRole('heading', { level: 2, name: exact(t(locale, 'publicEvent.forms')) }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await expectNoSeriousA11yViolations(page);
    // the demo forum opens 08:30–17:30 in Paris: shown on that clock, the zone named, whatever the reader's
    const when = await page.evaluate(() => {
      const clock = new Intl.DateTimeFormat('ja', { timeStyle: 'short', timeZone: 'UTC' });
      const zone = new Intl.DateTimeFormat('ja', { timeZone: 'Europe/Paris', timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value;
      const at = (time: string) => new Date(`2027-01-01T${time}:00Z`);
      return {
        start: clock.format(at('08:30')),
        end: clock.format(at('17:30')),
        zone: zone ?? 'Europe/Paris',
      };
    });
    await page
      .locator('time', { hasText: t(locale, 'eventTimes.range', { start: when.start, end: when.end }) })
      .filter({ hasText: when.zone })
      .waitFor();

    await page.locator(`a[href="/jp/events-${SLUG}/b2b"]`).click();
    await page.waitForURL((url) => url.pathname === `/jp/events-${SLUG}/b2b`);
    const email = `e2e-b2b-${run}@example.org`;
    for (const [index, step] of b2bForm.steps.entries()) {
      await page
        .getByRole('heading', { level: 2, name: exact(t(locale, `forms.steps.${step.id}`)) })
        .waitFor();
      if (index === 0) {
        // the profile type, one of the spec's four, is a labelled group of choices
        const group = page.getByRole('group', { name: t(locale, 'forms.fields.profileType.label') });
        expect(await group.getByRole('radio').count()).toBe(4);
        await expectNoSeriousA11yViolations(page);
      }
      for (const name of step.fields) {
        const value = name === 'email' ? email : B2B[name];
        if (value !== undefined) await fillFormField(page, name, value);
      }
      const last = index === b2bForm.steps.length - 1;
      await page
        .getByRole('button', { name: exact(t(locale, last ? 'forms.common.submit' : 'forms.common.next')) })
        .click();
    }
    await page.waitForURL((url) => url.pathname === `/jp/events-${SLUG}/submitted/b2b`, { timeout: 20_000 });
    await page
      .getByRole('heading', { level: 1, name: exact(t(locale, 'registration.submitted.b2b')) })
      .waitFor();
    await page.getByText(t(locale, 'forms.common.checkMailbox')).waitFor();
    await expectNoSeriousA11yViolations(page);

    // the upstream stored it, pending: its confirmation link leads to the success page
    const link = new URL(await confirmLinkFor(suite.baseUrl, email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.pathname === '/jp/events/result-page/success');
    await page
      .getByRole('heading', { level: 1, name: exact(t(locale, 'registration.result.successTitle')) })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  }, 120_000);

  it('draws the B2B form on the server, by event slug and by form id', async () => {
    const { forms } = await publicFormsOf(suite.baseUrl, SLUG);
    const formId = forms.find((f) => f.kind === 'b2b')?.formId;
    for (const path of [`/events-${SLUG}/b2b`, `/en/events/${eventId}/forms-${formId}/b2b`]) {
      const html = await (
        await fetch(`${suite.baseUrl}${path}`, { headers: { accept: 'text/html' } })
      ).text();
      expect(html, path).toContain('id="visitor-state"');
      expect(html, path).toContain('name="profileType"');
    }
  });

  it('shows the result page /events/result-page/success in each language, signed out', async () => {
    for (const [locale, browserLocale] of [
      ['fr', 'fr-FR'],
      ['en', 'en-GB'],
      ['ja', 'ja-JP'],
    ] as const) {
      const { context, page } = await suite.open(browserLocale);
      await page.goto(localised(locale, '/events/result-page/success'));
      await page
        .getByRole('heading', { level: 1, name: exact(t(locale, 'registration.result.noConfirmationTitle')) })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(localised(locale, '/events/result-page/success'));
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }
  });

  it('says when the event does not exist', async () => {
    const { context, page } = await suite.open('en-GB');
    await page.goto('/en/events/999999');
    await page.getByText(t('en', 'publicEvent.unknown')).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
