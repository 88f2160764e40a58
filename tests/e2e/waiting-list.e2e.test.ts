import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import { personName } from '@evt/contracts/person-name';
import { formFor } from '@evt/contracts/forms/registry';
import { eventForms } from '@evt/contracts/upstream-automation';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { participantEntry } from '../support/participant-entry.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { fillFormField, organiserCookie, publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** The forum's 5 km participant form: no other browser test registers through it. */
const SLUG = 'forum-b2b-lyon';
const KIND = 'participant_5km';
const run = randomBytes(3).toString('hex');
const form = formFor(KIND);

/** The form's places now, as the organiser's console reads them. */
async function placesTaken(eventId: number): Promise<number> {
  const answer = await fetch(`${suite.baseUrl}/api/automation/eventForms?eventId=${eventId}`, {
    headers: { cookie: await organiserCookie(suite.baseUrl) },
  });
  const forms = eventForms.parse(await answer.json()).data;
  return forms.find((f) => f.kind === KIND)?.places?.taken ?? 0;
}

/** A visitor fills the form step by step in `locale` and submits it. */
async function register(page: Page, locale: Locale, email: string, lastName: string) {
  const values: Record<string, unknown> = participantEntry(email, lastName);
  await page.goto(localised(locale, `/events-${SLUG}/${KIND}`));
  for (const [index, step] of form.steps.entries()) {
    await page.getByRole('heading', { level: 2, name: exact(t(locale, `forms.steps.${step.id}`)) }).waitFor();
    for (const name of step.fields) {
      const value = values[name];
      if ((typeof value === 'string' && value !== '') || value === true)
        await fillFormField(page, name, value);
    }
    const last = index === form.steps.length - 1;
    await page
      .getByRole('button', { name: exact(t(locale, last ? 'forms.common.submit' : 'forms.common.next')) })
      .click();
  }
}

describe('a form with one place and a waiting list', () => {
  it('puts the second visitor on the list at place 1, then promotes it by mail when the first is cancelled', async () => {
    await setEventForms(suite.baseUrl, SLUG, [{ kind: KIND, open: true }]);
    const eventId = (await publicFormsOf(suite.baseUrl, SLUG)).event.id;
    const taken = await placesTaken(eventId);

    // the organiser, in English, gives the form one place more than it holds, with a waiting list
    const organiser = await suite.open('en-GB');
    const page = organiser.page;
    await signIn(page, 'en');
    await page.goto(`/en/events/forms-${eventId}`);
    const list = page.getByRole('list', { name: exact(t('en', 'console.eventForms.listLabel')) });
    const item = list.getByRole('listitem', { name: exact(KIND) });
    await item.getByRole('button', { name: exact(t('en', 'console.eventForms.limits.edit')) }).click();
    const editor = item.getByRole('form', {
      name: exact(t('en', 'console.eventForms.limits.label', { title: KIND })),
    });
    await editor.getByLabel(exact(t('en', 'console.eventForms.limits.capacity'))).fill(String(taken + 1));
    await editor.getByLabel(exact(t('en', 'console.eventForms.limits.waitlist'))).check();
    await expectNoSeriousA11yViolations(page);
    await editor.getByRole('button', { name: exact(t('en', 'console.eventForms.limits.save')) }).click();
    await item
      .getByText(t('en', 'console.eventForms.places.taken', { taken, capacity: taken + 1 }), { exact: false })
      .waitFor();

    try {
      // the first visitor, in French, takes the last place
      const first = await suite.open('fr-FR');
      const firstEmail = `waitlist-${run}-first@example.org`;
      await register(first.page, 'fr', firstEmail, `Premier${run}`);
      await first.page
        .getByRole('heading', { level: 1, name: exact(t('fr', 'registration.submitted.title')) })
        .waitFor();
      await first.context.close();

      // the second, in Japanese, is told its place on the waiting list
      const second = await suite.open('ja-JP');
      const secondEmail = `waitlist-${run}-second@example.org`;
      await register(second.page, 'ja', secondEmail, `Second${run}`);
      await second.page
        .getByRole('heading', { level: 1, name: exact(t('ja', 'registration.submitted.waitlistedTitle')) })
        .waitFor();
      await second.page
        .getByText(exact(t('ja', 'registration.submitted.waitlistedPlace', { place: 1 })))
        .waitFor();
      await expectNoSeriousA11yViolations(second.page);

      // the organiser's list shows the waiting person with its place, filtered by status
      await page.goto(`/en/events/participants-${eventId}?status=waitlisted`);
      const waitingRow = page.locator('tbody tr').filter({ hasText: secondEmail });
      await waitingRow.getByText(exact(t('en', 'registrationsAdmin.waitlist.place', { place: 1 }))).waitFor();
      await expectNoSeriousA11yViolations(page);

      // the organiser cancels the first registration
      await page.goto(`/en/events/participants-${eventId}?q=${encodeURIComponent(firstEmail)}`);
      const row = page.locator('tbody tr').filter({ hasText: firstEmail });
      await row.getByRole('button', { name: exact(t('en', 'registrationsAdmin.open')) }).click();
      const details = page.getByRole('dialog', {
        name: exact(personName({ firstNames: 'Visitor', lastName: `Premier${run}` }, 'en')),
      });
      await details
        .getByRole('button', { name: exact(t('en', 'registrationsAdmin.actions.cancel')) })
        .click();
      const ask = page.getByRole('alertdialog');
      await ask
        .getByRole('button', { name: exact(t('en', 'registrationsAdmin.actions.cancelConfirm')) })
        .click();
      await ask.waitFor({ state: 'hidden' });

      // the second visitor is promoted: its mail, in Japanese, in the development outbox, with its link
      const link = await mailedLink(suite.baseUrl, secondEmail, (href) => href.includes('token='));
      const subject = t('ja', 'mail.registrationPromoted.subject', { organization: '' }).trim();
      await second.page.goto(`${suite.baseUrl}/_dev/outbox`);
      await second.page
        .getByRole('heading', { level: 2, name: new RegExp(subject) })
        .first()
        .waitFor();

      // its link confirms the place
      await second.page.goto(link);
      await second.page
        .getByRole('heading', { level: 1, name: exact(t('ja', 'registration.result.successTitle')) })
        .waitFor();
      await expectNoSeriousA11yViolations(second.page);
      await second.context.close();

      // the console now counts the promoted person among the registered
      await page.goto(
        `/en/events/participants-${eventId}?status=confirmed&q=${encodeURIComponent(secondEmail)}`,
      );
      await page.locator('tbody tr').filter({ hasText: secondEmail }).waitFor();

      // the dashboard: the form's places, registered over capacity, nobody waiting or promoted any more
      await page.goto(`/en/events/dashboard-${eventId}`);
      const places = page.getByRole('table', { name: exact(t('en', 'console.metrics.places.caption')) });
      const formRow = places.getByRole('row', { name: new RegExp(`^${KIND}`) });
      await formRow
        .getByRole('cell', {
          name: exact(
            t('en', 'console.metrics.places.ofCapacity', { taken: taken + 1, capacity: taken + 1 }),
          ),
        })
        .waitFor();
      await expectNoSeriousA11yViolations(page);

      // past its closing date, the form says so in the visitor's language before anyone fills it in
      const cookie = await organiserCookie(suite.baseUrl);
      const formId = (await publicFormsOf(suite.baseUrl, SLUG)).forms.find((f) => f.kind === KIND)?.formId;
      const closed = await fetch(`${suite.baseUrl}/api/automation/eventForms?eventId=${eventId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie },
        body: JSON.stringify({
          id: formId,
          kind: KIND,
          title: KIND,
          open: true,
          closesAt: new Date(Date.now() - 60_000).toISOString(),
        }),
      });
      expect(closed.status).toBe(200);
      await expect
        .poll(
          async () => (await publicFormsOf(suite.baseUrl, SLUG)).forms.find((f) => f.kind === KIND)?.closesAt,
          {
            timeout: 15_000,
          },
        )
        .toBeTruthy();
      const late = await suite.open('ja-JP');
      await late.page.goto(localised('ja', `/events-${SLUG}/${KIND}`));
      await late.page.getByText(exact(t('ja', 'errors.formDeadlinePassed'))).waitFor();
      await expectNoSeriousA11yViolations(late.page);
      await late.context.close();
    } finally {
      // the form's limits go, whatever happened: other runs register through it without a capacity
      const cookie = await organiserCookie(suite.baseUrl);
      const formId = (await publicFormsOf(suite.baseUrl, SLUG)).forms.find((f) => f.kind === KIND)?.formId;
      await fetch(`${suite.baseUrl}/api/automation/eventForms?eventId=${eventId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie },
        body: JSON.stringify({
          id: formId,
          kind: KIND,
          title: KIND,
          open: true,
          capacity: null,
          closesAt: null,
          waitlist: false,
        }),
      });
    }
  }, 240_000);
});
