import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');
const LOCALES: readonly [Locale, string][] = [
  ['fr', 'fr-FR'],
  ['ja', 'ja-JP'],
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A participant of sii-2027 registered in `locale` (the language the request's mail must be in). */
async function registerParticipant(locale: Locale, email: string, lastName: string): Promise<number> {
  await setEventForms(suite.baseUrl, 'sii-2027', [{ kind: 'participant', open: true }]);
  const res = await fetch(`${suite.baseUrl}/api/public/events/sii-2027/registrations/participant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({
      locale,
      data: {
        lastName,
        firstNames: 'Awa',
        email,
        dialCode: '+225',
        phone: '0102030405',
        countryOfResidence: 'CI',
        occupation: 'Ingénieure',
        participantType: 'individual',
        sector: 'agriculture_agroindustry',
        telegramNotifications: false,
        privacyConsent: true,
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return (await publicFormsOf(suite.baseUrl, 'sii-2027')).event.id;
}

/** The participants list searched for `email`, and the detail of its one row opened. */
async function openDetail(page: Page, locale: Locale, eventId: number, email: string) {
  await page.goto(localised(locale, `/events/participants-${eventId}?q=${encodeURIComponent(email)}`));
  const row = page.locator('tbody tr', { hasText: email });
  await row.getByRole('button', { name: exact(t(locale, 'registrationsAdmin.open')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('heading', { level: 3, name: exact(t(locale, 'infoRequests.registration.heading')) })
    .waitFor();
  return dialog;
}

describe('information requests: asked from a registration, answered from the mailed link', () => {
  for (const [locale, browserLocale] of LOCALES) {
    it(`sends a request, the visitor answers with a file, the organiser sees it (${locale})`, async () => {
      const email = `request-${run}-${locale}@example.org`;
      const eventId = await registerParticipant(locale, email, `Demande${locale}`);
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      const dialog = await openDetail(page, locale, eventId, email);

      // bad input: a request with no question is refused with its message
      await dialog.getByRole('button', { name: exact(t(locale, 'infoRequests.ask.button')) }).click();
      const form = dialog.getByRole('form', { name: exact(t(locale, 'infoRequests.ask.button')) });
      await form.getByLabel(exact(t(locale, 'infoRequests.ask.message'))).fill(`Message ${run}`);
      await form.getByRole('button', { name: exact(t(locale, 'infoRequests.ask.remove', { n: 1 })) }).click();
      await form.getByRole('button', { name: exact(t(locale, 'infoRequests.ask.send')) }).click();
      await form.getByText(t(locale, 'infoRequests.validation.noQuestion')).waitFor();
      expect(await form.getByLabel(exact(t(locale, 'infoRequests.ask.message'))).inputValue()).toBe(
        `Message ${run}`,
      );

      await form.getByRole('button', { name: exact(t(locale, 'infoRequests.ask.addText')) }).click();
      await form.getByLabel(exact(t(locale, 'infoRequests.ask.itemLabel', { n: 1 }))).fill('TVA');
      await form.getByRole('button', { name: exact(t(locale, 'infoRequests.ask.addFile')) }).click();
      await form.getByLabel(exact(t(locale, 'infoRequests.ask.itemLabel', { n: 2 }))).fill('Attestation');
      await expectNoSeriousA11yViolations(page);
      await form.getByRole('button', { name: exact(t(locale, 'infoRequests.ask.send')) }).click();
      await dialog.getByText(exact(t(locale, 'infoRequests.states.sent'))).waitFor();

      // the visitor, without any session, opens the link of the mail (in their registration's language)
      // the token travels in the fragment only, and leaves the address once the page has it
      const link = new URL(await mailedLink(suite.baseUrl, email, (href) => href.includes('/requests#key=')));
      expect(link.pathname).toBe(localised(locale, '/requests'));
      const visitor = await suite.open(browserLocale);
      await visitor.page.goto(`${link.pathname}${link.hash}`);
      await visitor.page.getByText(`Message ${run}`).waitFor();
      expect(new URL(visitor.page.url()).hash).toBe('');
      await expectNoSeriousA11yViolations(visitor.page);
      await visitor.page.getByLabel(exact('TVA')).fill(`FR-${run}`);
      // a file that is not what its name says is refused, a real PDF is taken
      const file = visitor.page.getByLabel(
        exact(t(locale, 'infoRequests.public.file', { label: 'Attestation' })),
      );
      await file.setInputFiles({
        name: 'fake.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('no pdf'),
      });
      await visitor.page.getByText(t(locale, 'errors.unsupportedMediaType')).waitFor();
      await file.setInputFiles({ name: 'attestation.pdf', mimeType: 'application/pdf', buffer: PDF });
      await visitor.page
        .getByText(t(locale, 'infoRequests.public.uploaded', { name: 'attestation.pdf' }))
        .waitFor();
      await visitor.page
        .getByRole('button', { name: exact(t(locale, 'infoRequests.public.submit')) })
        .click();
      await visitor.page
        .getByRole('heading', { level: 1, name: exact(t(locale, 'infoRequests.public.doneTitle')) })
        .waitFor();
      await expectNoSeriousA11yViolations(visitor.page);

      // an unknown link reads the same as an expired one
      await visitor.page.goto(localised(locale, `/requests/irq_${'x'.repeat(43)}`));
      await visitor.page.getByText(t(locale, 'infoRequests.public.unknownText')).waitFor();
      await expectNoSeriousA11yViolations(visitor.page);
      await visitor.context.close();

      // the organiser sees the answer beside the registration, and the document to download
      const again = await openDetail(page, locale, eventId, email);
      await again.getByText(exact(t(locale, 'infoRequests.states.answered'))).waitFor();
      await again.getByText(`FR-${run}`).waitFor();
      const download = page.waitForEvent('download');
      await again.getByRole('link', { name: 'attestation.pdf' }).click();
      expect((await download).suggestedFilename()).toBe('attestation.pdf');
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      // and on the event's requests page, filtered by state
      await page.goto(localised(locale, `/events/requests-${eventId}`));
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'infoRequests.title')) }).waitFor();
      await page.getByLabel(exact(t(locale, 'infoRequests.list.filter'))).selectOption('answered');
      await page.getByRole('row', { name: new RegExp(`Demande${locale}`) }).waitFor();
      await expect
        .poll(async () =>
          (await page.locator('tbody tr').allInnerTexts()).every((r) =>
            r.includes(t(locale, 'infoRequests.states.answered')),
          ),
        )
        .toBe(true);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });
  }
});
