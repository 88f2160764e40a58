import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { api } from './support/console-api';
import { selectFirstOrganization } from './support/console';
import { signIn, waitForPath } from './support/flows';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import { setEventForms } from './support/forms';
import { exact, t } from './support/i18n';
import { confirmLinkFor, readOutbox } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');

/** Registers one person of sii-2027 through the visitor's API, in `locale`; returns the address. */
async function register(
  kind: 'participant' | 'panelist',
  lastName: string,
  locale: 'fr' | 'en' | 'ja' = 'fr',
): Promise<string> {
  await setEventForms(suite.baseUrl, 'sii-2027', [
    { kind: 'participant', open: true },
    { kind: 'panelist', open: true },
  ]);
  const email = `${lastName.toLowerCase()}@example.org`;
  // every form ends with the privacy consent box
  const person = {
    lastName,
    firstNames: 'Awa',
    email,
    dialCode: '+225',
    phone: '0102030405',
    privacyConsent: true,
  };
  const data =
    kind === 'panelist'
      ? { ...person, position: 'Agronome' }
      : {
          ...person,
          countryOfResidence: 'CI',
          occupation: 'Agronome',
          participantType: 'individual',
          sector: 'agriculture_agroindustry',
          telegramNotifications: false,
        };
  const res = await fetch(`${suite.baseUrl}/api/public/events/sii-2027/registrations/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ locale, data }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return email;
}

/** The subjects of the mails sent to `to` (in the outbox's order). */
async function subjectsTo(to: string): Promise<string[]> {
  return (await readOutbox(suite.baseUrl)).filter((m) => [m.to].flat().includes(to)).map((m) => m.subject);
}

/** The event's id and its name as a page or a mail in `locale` shows it (its version, else the main one). */
async function eventOf(slug: string) {
  const forms = (await (await fetch(`${suite.baseUrl}/api/public/events/${slug}/forms`)).json()) as {
    event: { id: number; title: string; titles: Partial<Record<'fr' | 'en' | 'ja', string>> };
  };
  const { id, title, titles } = forms.event;
  return { id, titleIn: (locale: 'fr' | 'en' | 'ja') => titles[locale] ?? title };
}

/** Opens the detail of `lastName`'s registration from the participants' list. */
async function openRegistration(page: Page, eventId: number, lastName: string, list = 'participants') {
  await page.goto(`/events/${list}-${eventId}?q=${encodeURIComponent(lastName)}`);
  const row = page.locator('tbody tr', { hasText: lastName });
  await row.getByRole('button', { name: exact(t('fr', 'registrationsAdmin.open')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('heading', { level: 3, name: exact(t('fr', 'console.registrationDetail.general')) })
    .waitFor();
  return dialog;
}

describe('what the organiser does every day', () => {
  it('deletes a commission and a registration through the shared confirmation dialog', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await selectFirstOrganization(page);
    const eventId = (await eventOf('sii-2027')).id;
    const name = `Transport ${run}`;
    await api(page, 'POST', `/api/events/${eventId}/teams`, { name });
    await page.goto(`/events/commission-${eventId}`);
    const card = page.locator('.commission-card', { has: page.getByRole('heading', { name }) });
    await card.getByRole('button', { name: exact(t('fr', 'console.commissions.delete')) }).click();
    const ask = page.getByRole('alertdialog', {
      name: exact(t('fr', 'console.commissions.confirmDelete', { name })),
    });
    await ask.waitFor();
    await expectNoSeriousA11yViolations(page);
    await ask.getByRole('button', { name: exact(t('fr', 'common.cancel')) }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: exact(t('fr', 'console.commissions.delete')) }).click();
    await ask
      .getByRole('button', { name: exact(t('fr', 'console.commissions.deleteDialog.confirm', { name })) })
      .click();
    await card.waitFor({ state: 'detached' });

    const lastName = `Efface${run}`;
    await register('participant', lastName);
    const dialog = await openRegistration(page, eventId, lastName);
    await dialog.getByRole('button', { name: exact(t('fr', 'console.registrationDetail.delete')) }).click();
    const question = page.getByRole('alertdialog', {
      name: exact(t('fr', 'registrationsAdmin.delete.title', { name: `Awa ${lastName}` })),
    });
    await question
      .getByRole('button', { name: exact(t('fr', 'console.registrationDetail.deleteConfirm')) })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('tbody tr', { hasText: lastName }).waitFor({ state: 'detached' });
    await context.close();
  });

  it("chooses an event's country from the list named in the page's language, stored as its ISO code", async () => {
    const { context, page } = await suite.open('ja-JP');
    await signIn(page, 'ja');
    const orgId = await selectFirstOrganization(page);
    await page.goto(`/jp/events/add-${orgId}`);
    const create = page.getByRole('form', { name: exact(t('ja', 'console.addEvent.title')) });
    await create.getByLabel(exact(t('ja', 'console.fields.name'))).fill(`Pays ${run}`);
    await create.getByLabel(exact(t('ja', 'console.addEvent.startDate'))).fill('2027-10-01');
    await create.getByLabel(exact(t('ja', 'console.addEvent.endDate'))).fill('2027-10-02');
    const country = create.getByRole('combobox', { name: exact(t('ja', 'organizationFields.country')) });
    await country.selectOption({ label: '日本' });
    await expectNoSeriousA11yViolations(page);
    await create.getByRole('button', { name: exact(t('ja', 'console.addEvent.submit')) }).click();
    await page.waitForURL((url) => /^\/jp\/events\/dashboard-\d+$/.test(url.pathname));
    const id = Number(new URL(page.url()).pathname.split('-').at(-1));
    expect((await api<{ country: string }>(page, 'GET', `/api/events/${id}`)).country).toBe('JP');
    const nav = page.getByRole('navigation', { name: exact(t('ja', 'console.eventNav.label')) });
    await nav.getByRole('link', { name: exact(t('ja', 'console.eventNav.infos')) }).click();
    await page.waitForURL((url) => url.pathname === `/jp/events/infos-${id}`);
    const shown = page.getByRole('combobox', { name: exact(t('ja', 'organizationFields.country')) });
    await expect
      .poll(() => shown.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe('日本');
    await context.close();
  });

  it("resends, cancels, accepts and declines, each mail in the language of the person's form", async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await selectFirstOrganization(page);
    const event = await eventOf('sii-2027');
    const fr = (key: string) => exact(t('fr', `registrationsAdmin.actions.${key}`));
    const subject = (locale: 'en' | 'ja', key: string) =>
      t(locale, key, { organization: event.titleIn(locale) });

    // a participant who wrote in English: the confirmation mail again, then cancelled
    const visitor = `Renvoi${run}`;
    const email = await register('participant', visitor, 'en');
    await expect.poll(() => subjectsTo(email)).toHaveLength(1);
    let dialog = await openRegistration(page, event.id, visitor);
    await dialog.getByRole('button', { name: fr('resend') }).click();
    await dialog
      .getByRole('status')
      .getByText(t('fr', 'registrationsAdmin.actions.done.resend', { email }))
      .waitFor();
    await expect.poll(() => subjectsTo(email)).toHaveLength(2);
    expect(new Set(await subjectsTo(email))).toEqual(
      new Set([subject('en', 'mail.registrationConfirm.subject')]),
    );

    await dialog.getByRole('button', { name: fr('cancel') }).click();
    const ask = page.getByRole('alertdialog', {
      name: exact(t('fr', 'registrationsAdmin.actions.cancelTitle', { name: `Awa ${visitor}` })),
    });
    await ask.getByRole('button', { name: fr('cancelConfirm') }).click();
    await dialog.getByText(exact(t('fr', 'enums.registrationStatuses.cancelled'))).waitFor();
    await expect.poll(() => subjectsTo(email)).toContain(subject('en', 'mail.registrationCancelled.subject'));
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    // kept for the record: the list's "Cancelled" filter shows it
    await page.goto(`/events/participants-${event.id}?status=cancelled&q=${visitor}`);
    await page.locator('tbody tr', { hasText: visitor }).waitFor();

    // a panelist who wrote in Japanese: confirmed by hand, accepted, then declined
    const speaker = `Orateur${run}`;
    const address = await register('panelist', speaker, 'ja');
    dialog = await openRegistration(page, event.id, speaker, 'intervenants');
    await dialog.getByRole('button', { name: exact(t('fr', 'console.registrationDetail.confirm')) }).click();
    await dialog.getByRole('button', { name: fr('accept') }).click();
    await dialog.getByText(exact(t('fr', 'enums.registrationStatuses.accepted'))).waitFor();
    await expect
      .poll(() => subjectsTo(address))
      .toContain(subject('ja', 'mail.registrationAccepted.subject'));
    await dialog.getByRole('button', { name: fr('decline') }).click();
    await page
      .getByRole('alertdialog', {
        name: exact(t('fr', 'registrationsAdmin.actions.declineTitle', { name: `Awa ${speaker}` })),
      })
      .getByRole('button', { name: fr('declineConfirm') })
      .click();
    await dialog.getByText(exact(t('fr', 'enums.registrationStatuses.declined'))).waitFor();
    await expect
      .poll(() => subjectsTo(address))
      .toContain(subject('ja', 'mail.registrationDeclined.subject'));
    await context.close();
  });

  it('invites in the language chosen in the dialog, and inviting the same address again resends that one', async () => {
    const { context, page } = await suite.open('en-GB');
    await signIn(page, 'en');
    await selectFirstOrganization(page);
    await page.goto('/en/members');
    const email = `invitee-ja-${run}@example.org`;
    const form = page.getByRole('form', { name: exact(t('en', 'console.invite.title')) });
    const language = form.getByLabel(exact(t('en', 'console.invite.language')));
    // the inviter's current language is the default
    expect(await language.inputValue()).toBe('en');
    const invite = async () => {
      await form.getByLabel(exact(t('en', 'console.invite.email'))).fill(email);
      await form
        .getByLabel(exact(t('en', 'console.invite.memberType')))
        .selectOption({ label: t('en', 'console.memberTypes.member') });
      await language.selectOption('ja');
      await form.getByRole('button', { name: exact(t('en', 'console.invite.submit')) }).click();
    };
    await invite();
    await page.getByText(t('en', 'console.invite.sent', { email })).waitFor();
    await expect.poll(() => subjectsTo(email)).toHaveLength(1);
    const organisation = (await subjectsTo(email))[0] ?? '';
    expect(organisation).toMatch(/招待/);

    await invite();
    await page.getByText(t('en', 'console.invite.resent', { email })).waitFor();
    await expect.poll(() => subjectsTo(email)).toHaveLength(2);
    await expectNoSeriousA11yViolations(page);
    // one invitation for the address, not two
    const listed = await api<{ data: { email: string }[] }>(
      page,
      'GET',
      `/api/organizations/${await selectFirstOrganization(page)}/invitations?limit=50`,
    );
    expect(listed.data.filter((i) => i.email === email)).toHaveLength(1);
    await context.close();
  });

  it("opens the console in the profile's preferred language when none was chosen", async () => {
    const { context, page } = await suite.open('fr-FR');
    const credentials = { email: DEMO_ORGANISER_2.email, password: DEMO_ORGANISER_2.password };
    await signIn(page, 'fr', { credentials, expectPath: '/jp/home' });
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await context.close();
    // a language chosen in the URL is kept
    const other = await suite.open('fr-FR');
    await signIn(other.page, 'en', { credentials });
    await waitForPath(other.page, '/en/home');
    await other.context.close();
  });

  it('after submitting and after confirming, the visitor sees the event and the way back to its page', async () => {
    const event = await eventOf('sii-2027');
    const { context, page } = await suite.open('en-GB');
    await page.goto('/en/events-sii-2027/submitted/participant');
    const back = page.getByRole('link', {
      name: exact(t('en', 'registration.nextSteps.backToEvent', { event: event.titleIn('en') })),
    });
    await page.getByRole('heading', { level: 2, name: exact(event.titleIn('en')) }).waitFor();
    await page.getByText(exact(t('en', 'registration.nextSteps.nextPending'))).waitFor();
    expect(new URL(await back.evaluate((a: HTMLAnchorElement) => a.href)).pathname).toBe(
      `/en/events/${event.id}`,
    );
    await expectNoSeriousA11yViolations(page);

    const email = await register('participant', `Retour${run}`, 'en');
    const link = new URL(await confirmLinkFor(suite.baseUrl, email));
    await page.goto(link.pathname + link.search);
    await page.getByText(exact(t('en', 'registration.nextSteps.nextConfirmed'))).waitFor();
    await page.getByRole('heading', { level: 2, name: exact(event.titleIn('en')) }).waitFor();
    await back.click();
    await page.waitForURL((url) => url.pathname === `/en/events/${event.id}`);
    await page.getByRole('heading', { level: 1, name: exact(event.titleIn('en')) }).waitFor();
    await context.close();
  });
});
