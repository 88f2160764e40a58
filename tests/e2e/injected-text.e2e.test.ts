import { randomBytes } from 'node:crypto';
import { formFor } from '@evt/contracts/forms/registry';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { blankPng } from '@evt/upstream/http/test-images';
import { describe, expect, it } from 'vitest';
import { publicFormsOf, setEventForms } from './support/forms';
import { exact, t } from './support/i18n';
import { confirmLinkFor } from './support/outbox';
import { useBrowserSuite } from './support/suite';

/**
 * Text injected through a URL. `/events/result-page/success?event=…` printed any text given in
 * `event` inside the success message; the page must name the event from the server's confirmation only.
 * And the visitor's file field says why an image over the pixel budget is refused.
 */
const suite = useBrowserSuite();
const SLUG = 'sii-2027';
const run = randomBytes(3).toString('hex');
const INJECTED = 'your badge is only valid after paying 50 EUR at http://pay.evil.example';

describe('text injected through a URL', () => {
  it('a crafted success address shows none of its text and confirms nothing', async () => {
    const { context, page } = await suite.open('en-GB');
    const crafted = new URLSearchParams({ status: 'confirmed', event: INJECTED });
    await page.goto(`/en/events/result-page/success?${crafted}`);
    await page
      .getByRole('heading', { level: 1, name: exact(t('en', 'registration.result.noConfirmationTitle')) })
      .waitFor();
    await page.getByText(exact(t('en', 'registration.result.noConfirmation'))).waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('pay.evil.example');
    expect(text).not.toContain(t('en', 'registration.result.successTitle'));
    await context.close();
  });

  it("the real confirmation names the event from the server's answer, after a reload too", async () => {
    const email = `injected-${run}@example.org`;
    const data = Object.fromEntries(
      formFor('participant')
        .steps.flatMap((s) => s.fields)
        .map((f) => [f, PARTICIPANT[f]])
        .filter(([, v]) => v !== undefined),
    );
    const registered = await fetch(`${suite.baseUrl}/api/public/events/${SLUG}/registrations/participant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ locale: 'en', data: { ...data, email } }),
    });
    expect(registered.status, await registered.clone().text()).toBe(202);
    const link = await confirmLinkFor(suite.baseUrl, email);
    const { event } = await publicFormsOf(suite.baseUrl, SLUG);
    const confirmed = t('en', 'registration.result.confirmed', { event: event.titles.en ?? event.title });

    const { context, page } = await suite.open('en-GB');
    const url = new URL(link);
    // a link carrying text of its own: the confirm page passes on the server's answer, not this
    url.searchParams.set('event', INJECTED);
    await page.goto(`${url.pathname}${url.search}`);
    await page.waitForURL((u) => u.pathname.endsWith('/events/result-page/success'));
    await page.getByText(exact(confirmed)).waitFor();
    await page.reload();
    await page.getByText(exact(confirmed)).waitFor();
    expect((await page.locator('body').textContent()) ?? '').not.toContain('pay.evil.example');
    await context.close();
  });
});

describe("a visitor's image over the pixel budget", () => {
  it('is refused with the reason, not as a file too large in bytes', async () => {
    await setEventForms(suite.baseUrl, SLUG, [{ kind: 'press_agent', open: true }]);
    const { context, page } = await suite.open('en-GB');
    await page.goto(`/en/events-${SLUG}/agent_presse`);
    await page
      .locator('[name="logo"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: blankPng(15_000, 15_000) });
    await page.getByText(exact(t('en', 'errors.imageTooLarge'))).waitFor();
    await context.close();
  });
});

const PARTICIPANT: Record<string, unknown> = {
  lastName: 'Dupont',
  firstNames: 'Marie',
  dialCode: '+33',
  phone: '612345678',
  countryOfResidence: 'FR',
  occupation: 'Ingénieure',
  participantType: 'individual',
  sector: 'tech_innovation',
  telegramNotifications: false,
  privacyConsent: true,
};
