import { randomBytes } from 'node:crypto';
import { LOCALES, type Locale } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { readOutbox } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');
const EVENT_NAME = "Salon International de l'Innovation 2027";
/** the demo event's written names (upstream/src/seed/demo.ts): each recipient reads their language's */
const EVENT_NAMES = {
  fr: EVENT_NAME,
  en: 'International Innovation Fair 2027',
  ja: '国際イノベーション見本市 2027',
} as const;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `done` of `total` with the two numbers equal: the progress text at the end of a sending. */
const finished = (locale: Locale) => {
  const text = escapeRegExp(t(locale, 'mailings.progressText', { done: '@N@', total: '@N@' }));
  return new RegExp(text.replace('@N@', '([1-9]\\d*)').replace('@N@', '\\1'));
};

/**
 * Compose with a placeholder (an unknown one named as you type), preview it for a
 * recipient, send it now, watch the progress reach the end and each recipient's state, in fr, en and ja.
 * The embedded BFF sends through its in-process queue into the outbox.
 */
describe('mailings', () => {
  for (const locale of ['fr', 'en', 'ja'] as const) {
    it(`composes, previews, sends and follows a mailing to the end (${locale})`, async () => {
      const forms = (await (await fetch(`${suite.baseUrl}/api/public/events/sii-2027/forms`)).json()) as {
        event: { id: number };
      };
      const eventId = forms.event.id;
      const { page } = await suite.open(locale === 'ja' ? 'ja-JP' : locale === 'en' ? 'en-GB' : 'fr-FR');
      await signIn(page, locale);
      await page.goto(localised(locale, `/events/mailings-${eventId}`));
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'mailings.title')) }).waitFor();
      // the demo mailings: one of them sent already
      await page
        .getByRole('cell', { name: exact(t(locale, 'mailings.status.sent')) })
        .first()
        .waitFor();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: exact(t(locale, 'mailings.new')) }).click();
      await page.getByRole('checkbox', { name: exact(t(locale, 'mailings.kinds.participant')) }).check();
      await page
        .getByLabel(exact(t(locale, 'mailings.audience.checkedIn.label')))
        .selectOption({ label: t(locale, 'mailings.audience.checkedIn.any') });
      const subject = `E2E ${run} ${locale}`;
      for (const language of LOCALES) {
        const group = page.getByRole('group', {
          name: t(locale, 'mailings.content.legend', {
            language: t(locale, `mailings.languages.${language}`),
          }),
        });
        await group
          .getByRole('textbox', { name: t(locale, 'mailings.content.subject') })
          .fill(`${subject} [${language}] {{event}}`);
        const body = group.getByRole('textbox', { name: t(locale, 'mailings.content.body') });
        await body.fill('{{prenom}} {{event}}');
        if (language === 'fr') {
          // an unknown placeholder is named as it is typed
          await group.getByText(t(locale, 'mailings.content.unknown', { names: '{{prenom}}' })).waitFor();
        }
        await body.fill(`{{firstName}}, {{event}}: {{eventLink}}\n{{unsubscribeLink}}`);
      }
      expect(
        await page.getByText(t(locale, 'mailings.content.unknown', { names: '{{prenom}}' })).count(),
      ).toBe(0);

      await page.getByRole('button', { name: exact(t(locale, 'mailings.preview.refresh')) }).click();
      // the placeholder filled for the recipient, in the recipient's language, the event's name too (the
      // first recipient's language depends on who registered before: any of the three, each with its name)
      const names = LOCALES.map((language) => `\\[${language}\\] ${escapeRegExp(EVENT_NAMES[language])}`);
      const previewed = page.getByText(new RegExp(`${subject} (${names.join('|')})`)).first();
      await previewed.waitFor();
      expect(await previewed.textContent()).not.toContain('{{');
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: exact(t(locale, 'mailings.sendNow')) }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: exact(t(locale, 'mailings.confirmSend.confirm')) }).click();

      // the progress view: the bar reaches the end, each recipient's state is shown
      await page.getByText(finished(locale)).waitFor({ timeout: 60_000 });
      await page.getByText(new RegExp(`^${escapeRegExp(t(locale, 'mailings.status.sent'))} — `)).waitFor();
      const bar = page.getByRole('progressbar', { name: exact(t(locale, 'mailings.progressLabel')) });
      await expect
        .poll(async () => (await bar.getAttribute('value')) === (await bar.getAttribute('max')))
        .toBe(true);
      const states = page
        .getByRole('table')
        .getByRole('cell', { name: exact(t(locale, 'mailings.states.sent')) });
      await states.first().waitFor({ timeout: 15_000 });
      expect(
        await page
          .getByRole('table')
          .getByRole('cell', { name: exact(t(locale, 'mailings.states.queued')) })
          .count(),
      ).toBe(0);
      await expectNoSeriousA11yViolations(page);

      // back in the list: the subject as read (the event's name, not the template) and its progress
      await page.getByRole('button', { name: exact(t(locale, 'mailings.back')) }).click();
      const row = page
        .getByRole('row')
        .filter({ hasText: `${subject} [` })
        .first();
      await row.waitFor();
      expect(await row.textContent()).not.toContain('{{');
      await row.getByText(finished(locale)).waitFor();

      // a recipient's mail: its event link opens the event's public page to someone signed out, and
      // its unsubscribe link unsubscribes, then subscribes again on the same page
      const mail = (await readOutbox(suite.baseUrl)).find((m) => m.subject.startsWith(`${subject} [`));
      const links = (mail?.links as string[] | undefined) ?? [];
      const eventLink = links.find((href) => new URL(href).pathname.endsWith(`/events/${eventId}`));
      const unsubscribeLink = links.find((href) => href.includes('/unsubscribe/'));
      expect(eventLink && unsubscribeLink).toBeTruthy();
      const visitor = await suite.open(locale === 'ja' ? 'ja-JP' : locale === 'en' ? 'en-GB' : 'fr-FR');
      await visitor.page.goto(eventLink as string);
      await visitor.page.locator('#event-title').waitFor();
      expect(new URL(visitor.page.url()).pathname).not.toContain('login');
      await expectNoSeriousA11yViolations(visitor.page);
      await visitor.page.goto(unsubscribeLink as string);
      const mailLocale = mail?.subject.includes('[ja]') ? 'ja' : mail?.subject.includes('[en]') ? 'en' : 'fr';
      await visitor.page
        .getByRole('button', { name: exact(t(mailLocale, 'mailings.unsubscribe.confirm')) })
        .click();
      await visitor.page
        .getByRole('button', { name: exact(t(mailLocale, 'mailings.unsubscribe.resubscribe')) })
        .click();
      const again = t(mailLocale, 'mailings.unsubscribe.resubscribed', { event: '@' }).split('@')[0] ?? '';
      await visitor.page.getByRole('status').filter({ hasText: again }).waitFor();
      await expectNoSeriousA11yViolations(visitor.page);
      await visitor.page.context().close();
    }, 180_000);
  }
});
