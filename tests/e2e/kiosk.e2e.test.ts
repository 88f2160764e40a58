import { randomBytes } from 'node:crypto';
import { formFor } from '@evt/contracts/forms/registry';
import { KIOSK_COOKIE } from '@evt/contracts/kiosk';
import { type Locale, localisePath } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { fillFormField } from './support/forms';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';
import { participantEntry } from '../support/participant-entry.mjs';

const suite = useBrowserSuite();
const SLUG = 'sii-2027';
const run = randomBytes(3).toString('hex');
const form = formFor('participant');
const PIN = '480613';

/** One visitor's entries of the participant form (the same valid entry as the BFF tests and load runs). */
const entries = (n: number): Record<string, unknown> =>
  participantEntry(`e2e-${run}-kiosk${n}@example.org`, `Kiosk${n}`);

/** Staff (or a visitor trying) ask to leave kiosk mode and type a PIN. */
async function leaveWith(page: Page, locale: Locale, pin: string) {
  const open = page.getByRole('button', { name: exact(t(locale, 'kiosk.leave')) });
  if (await open.isVisible()) await open.click();
  const field = page.getByLabel(exact(t(locale, 'kiosk.pin')));
  await field.fill(pin);
  await page.getByRole('button', { name: exact(t(locale, 'kiosk.leaveConfirm')) }).click();
}

async function register(page: Page, values: Record<string, unknown>) {
  for (const [index, step] of form.steps.entries()) {
    await page.getByRole('heading', { level: 2, name: exact(t('en', `forms.steps.${step.id}`)) }).waitFor();
    for (const name of step.fields) {
      const value = values[name];
      // the optional ones are left as they are (empty, unticked); the consent box is ticked
      if ((typeof value === 'string' && value !== '') || value === true)
        await fillFormField(page, name, value);
    }
    const last = index === form.steps.length - 1;
    await page
      .getByRole('button', { name: exact(t('en', last ? 'forms.common.submit' : 'forms.common.next')) })
      .click();
  }
  await page.getByRole('heading', { level: 2, name: exact(t('en', 'kiosk.doneTitle')) }).waitFor();
}

/** The form is back at its first step with nothing of the previous visitor, in the page or the tab. */
async function expectEmptyForm(page: Page) {
  await page.getByRole('heading', { level: 2, name: exact(t('en', 'forms.steps.personal')) }).waitFor();
  for (const name of ['lastName', 'firstNames', 'email', 'phone'])
    expect(await page.locator(`[name="${name}"]`).inputValue(), name).toBe('');
  const kept = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((k) => k.startsWith('evt:registration')),
  );
  expect(kept).toEqual([]);
}

/**
 * The organiser signs in on this device and switches it to the participant form's kiosk in `locale`,
 * with the staff PIN: the device lands on the kiosk form, signed out.
 */
async function startKiosk(page: Page, locale: Locale, check?: () => Promise<void>): Promise<number> {
  await signIn(page, 'en');
  const orgId = await selectFirstOrganization(page);
  const eventId = await page.evaluate(
    async ({ orgId, slug }) => {
      const events = (await (await fetch(`/api/organizations/${orgId}/events`)).json()) as {
        data: { id: number; slug: string }[];
      };
      return events.data.find((e) => e.slug === slug)?.id;
    },
    { orgId, slug: SLUG },
  );
  expect(eventId).toBeGreaterThan(0);
  await page.goto(`/en/events/forms-${eventId}`);
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`/en/events-${SLUG}/participant$`) }) });
  // the button names the form: its English wording up to the title
  const prefix = t('en', 'console.eventForms.kioskStart', { title: '@' }).split('@')[0] ?? '';
  const start = item.getByRole('button', {
    name: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  await start.waitFor();
  await item.getByLabel(exact(t('en', 'console.eventForms.kioskLanguage'))).selectOption(locale);
  // no PIN, no kiosk: the field says why
  await start.click();
  await item
    .getByRole('alert')
    .filter({ hasText: t('en', 'validation.kioskPin') })
    .waitFor();
  await item.getByLabel(exact(t('en', 'console.eventForms.kioskPin'))).fill(PIN);
  await check?.();
  await start.click();
  await page.waitForURL(
    (url) =>
      url.pathname === localisePath(locale, `/events-${SLUG}/participant`) &&
      url.searchParams.get('kiosk') === '1',
  );
  return eventId as number;
}

/** Nothing on the kiosk's page leads away from it: no link in the header, no footer, no console. */
async function expectNoWayOut(page: Page, eventId: number) {
  await page.locator('header .brand').waitFor();
  expect(await page.locator('header a').evaluateAll((links) => links.map((a) => a.outerHTML))).toEqual([]);
  expect(await page.locator('footer').count()).toBe(0);
  // the device holds no session: the console's data answers 401
  const status = await page.evaluate(
    async (id) => (await fetch(`/api/events/${id}/registrations`)).status,
    eventId,
  );
  expect(status).toBe(401);
}

describe('registration kiosk', () => {
  it('the organiser turns the device into a kiosk; each visitor finds an empty form', async () => {
    const { context, page } = await suite.open('en-GB');
    const eventId = await startKiosk(page, 'en', () => expectNoSeriousA11yViolations(page));
    const cookies = await context.cookies();
    const cookie = cookies.find((c) => c.name === KIOSK_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    // the organiser is signed out on this device: the kiosk is the device's only session
    expect(cookies.map((c) => c.name).filter((name) => /sid$/.test(name))).toEqual([]);
    await expectNoWayOut(page, eventId);
    // the browser offers no previous visitor's entries
    expect(await page.locator('[name="email"]').getAttribute('autocomplete')).toBe('off');
    expect(await page.locator('form.registration-form').getAttribute('autocomplete')).toBe('off');

    const entriesBefore = await page.evaluate(() => window.history.length);
    await register(page, entries(1));
    // the confirmation says when it clears itself, to screen readers too
    await page
      .getByRole('status')
      .filter({ hasText: t('en', 'kiosk.resetIn_other', { count: 20 }) })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: exact(t('en', 'kiosk.nextVisitor')) }).click();
    await expectEmptyForm(page);
    // no page of the previous visitor to go Back to
    expect(await page.evaluate(() => window.history.length)).toBe(entriesBefore);
    await expectNoSeriousA11yViolations(page);

    // the next visitor walks away after submitting: the form comes back empty by itself
    await register(page, entries(2));
    await page
      .getByRole('heading', { level: 2, name: exact(t('en', 'forms.steps.personal')) })
      .waitFor({ timeout: 30_000 });
    await expectEmptyForm(page);

    // a visitor cannot leave: the PIN is asked, a wrong one is refused
    await leaveWith(page, 'en', '000000');
    await page
      .getByRole('alert')
      .filter({ hasText: t('en', 'errors.kioskPinWrong') })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    expect((await context.cookies()).some((c) => c.name === KIOSK_COOKIE)).toBe(true);

    // staff leave kiosk mode with the PIN: the cookie is cleared, the ordinary form comes back
    await leaveWith(page, 'en', PIN);
    await page.waitForURL((url) => url.pathname === `/en/events-${SLUG}/participant` && !url.search);
    expect((await context.cookies()).some((c) => c.name === KIOSK_COOKIE)).toBe(false);
    await context.close();
  }, 180_000);
});

describe('registration kiosk in French and Japanese', () => {
  for (const locale of ['fr', 'ja'] as const)
    it(`${locale}: the kiosk's page has no way out and asks the staff PIN in its language`, async () => {
      const { context, page } = await suite.open(locale === 'fr' ? 'fr-FR' : 'ja-JP');
      const eventId = await startKiosk(page, locale);
      await expectNoWayOut(page, eventId);
      await page.getByRole('button', { name: exact(t(locale, 'kiosk.leave')) }).click();
      await page.getByLabel(exact(t(locale, 'kiosk.pin'))).waitFor();
      await expectNoSeriousA11yViolations(page);
      await leaveWith(page, locale, PIN);
      await page.waitForURL(
        (url) => url.pathname === localisePath(locale, `/events-${SLUG}/participant`) && !url.search,
      );
      expect((await context.cookies()).some((c) => c.name === KIOSK_COOKIE)).toBe(false);
      await context.close();
    }, 180_000);
});
