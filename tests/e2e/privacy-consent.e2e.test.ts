import { randomBytes } from 'node:crypto';
import { FORM_SLUGS } from '@evt/contracts/forms/kinds';
import type { Locale } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { fillFormField, publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

/** Privacy at the point of collection: the organiser's notice, the visitor's consent, the console's record. */
const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');
const SLUG = 'sii-2027';
const LOCALES: readonly [Locale, string][] = [
  ['fr', 'fr-FR'],
  ['en', 'en-GB'],
  ['ja', 'ja-JP'],
];
const TEXT_FIELD = { fr: 'textFr', en: 'textEn', ja: 'textJa' } as const;

describe('privacy notice and consent', () => {
  for (const [locale, browserLocale] of LOCALES) {
    it(`the organiser sets its notice, a visitor reads it and must consent, the console shows the consent (${locale})`, async () => {
      const notice = `Notice ${run} ${locale}: your data handles your registration.`;
      const url = `https://salon.example/privacy-${run}-${locale}`;
      const { context, page } = await suite.open(browserLocale);

      // 1. the organiser's notice, on the organisation's settings
      await signIn(page, locale);
      await selectFirstOrganization(page);
      await page.goto(localised(locale, '/organizations/settings'));
      const card = page.getByRole('region', { name: exact(t(locale, 'privacy.settings.title')) });
      const form = card.getByRole('form', { name: exact(t(locale, 'privacy.settings.title')) });
      const urlField = form.getByLabel(t(locale, 'privacy.settings.url'), { exact: false });
      // a link that is not http(s) is refused on its field, in the page's language
      await urlField.fill('javascript:alert(1)');
      await form.getByRole('button', { name: exact(t(locale, 'privacy.settings.save')) }).click();
      await form.getByText(exact(t(locale, 'validation.url'))).waitFor();
      await urlField.fill(url);
      for (const other of ['textFr', 'textEn', 'textJa'] as const)
        await form.getByLabel(t(locale, `privacy.settings.${other}`), { exact: false }).fill('');
      await form
        .getByLabel(t(locale, `privacy.settings.${TEXT_FIELD[locale]}`), { exact: false })
        .fill(notice);
      await form
        .getByLabel(t(locale, 'privacy.settings.contact'), { exact: false })
        .fill(`dpo-${run}@salon.example`);
      await form.getByRole('button', { name: exact(t(locale, 'privacy.settings.save')) }).click();
      await card.getByText(exact(t(locale, 'privacy.settings.saved'))).waitFor();
      await expectNoSeriousA11yViolations(page);

      // 2. a visitor on a public form: the notice and the contact beside the consent box
      await setEventForms(suite.baseUrl, SLUG, [{ kind: 'panelist', open: true }]);
      const email = `privacy-${run}-${locale}@example.org`;
      const lastName = `Consent${run}${locale}`;
      const { context: visitor, page: v } = await suite.open(browserLocale);
      // the BFF keeps the event's public answer a few seconds: the page shows the new notice once it expired
      for (let tries = 0; ; tries++) {
        await v.goto(localised(locale, `/events-${SLUG}/${FORM_SLUGS.panelist}`));
        const shown = await v
          .getByText(exact(notice))
          .waitFor({ timeout: 2000 })
          .then(() => true)
          .catch(() => false);
        if (shown) break;
        if (tries === 8) throw new Error('the notice is not shown on the form');
      }
      const section = v.getByRole('region', { name: exact(t(locale, 'privacy.form.title')) });
      await section
        .getByRole('link', {
          name: exact(
            t(locale, 'privacy.form.noticeLink', { organizer: "Salon International de l'Innovation" }),
          ),
        })
        .waitFor();
      expect(await section.getByRole('link').first().getAttribute('href')).toBe(url);
      await section
        .getByText(exact(t(locale, 'privacy.form.contact', { email: `dpo-${run}@salon.example` })))
        .waitFor();
      await v.getByRole('button', { name: exact(t(locale, 'forms.common.submit')) }).waitFor();
      for (const [name, value] of Object.entries({
        lastName,
        firstNames: 'Awa',
        email,
        position: 'Directrice',
        dialCode: '+33',
        phone: '612345678',
      }))
        await fillFormField(v, name, value);
      // without the consent: refused on the box, the message announced
      await v.getByRole('button', { name: exact(t(locale, 'forms.common.submit')) }).click();
      const box = v.getByRole('checkbox', { name: t(locale, 'forms.fields.privacyConsent.label') });
      await v
        .getByRole('alert')
        .filter({ hasText: t(locale, 'privacy.validation.consentRequired') })
        .waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(v.url()).pathname).not.toContain('/submitted/');
      await expectNoSeriousA11yViolations(v);
      // with it: submitted
      await box.check();
      await v.getByRole('button', { name: exact(t(locale, 'forms.common.submit')) }).click();
      await v.waitForURL((u) => u.pathname.includes('/submitted/'), { timeout: 20_000 });
      await visitor.close();

      // 3. the console's detail of the registration shows the consent, in the visitor's wording
      const eventId = (await publicFormsOf(suite.baseUrl, SLUG)).event.id;
      await page.goto(localised(locale, `/events/intervenants-${eventId}?q=${encodeURIComponent(email)}`));
      const row = page.locator('tbody tr').filter({ hasText: email });
      await row.getByRole('button', { name: exact(t(locale, 'registrationsAdmin.open')) }).click();
      const consent = page
        .getByRole('dialog')
        .getByRole('region', { name: exact(t(locale, 'privacy.consent.title')) });
      await consent.getByText(exact(t(locale, 'forms.fields.privacyConsent.label'))).waitFor();
      await consent.getByRole('link', { name: exact(url) }).waitFor();
      expect(await consent.getByRole('term').first().textContent()).toMatch(
        new RegExp(`^${t(locale, 'privacy.consent.given', { date: 'DATE' }).replace('DATE', '.+')}$`),
      );
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }, 180_000);
  }
});
