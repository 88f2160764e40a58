import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locale } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { serverExport } from './support/downloads';
import { signIn } from './support/flows';
import { fillFormField, publicFormsOf, setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** The forum's travel agency form: no other browser test registers through it. */
const SLUG = 'forum-b2b-lyon';
const KIND = 'travel_agency';
const run = randomBytes(3).toString('hex');
const MEAL = { en: `Dietary requirements ${run}`, fr: `Régime alimentaire ${run}` };
const MEAL_OPTIONS = [
  { en: 'Vegetarian', fr: 'Végétarien' },
  { en: 'Meat', fr: 'Viande' },
];
const GALA = { en: `Gala dinner ${run}?`, fr: `Dîner de gala ${run} ?` };

/** Adds one question through the forms page's editor, as the organiser reads it in English. */
async function addQuestion(
  page: Page,
  item: ReturnType<Page['getByRole']>,
  type: 'choice' | 'yesNo',
  label: Record<'en' | 'fr', string>,
  options: Record<'en' | 'fr', string>[] = [],
) {
  await item.getByRole('button', { name: exact(t('en', 'console.eventForms.questions.add')) }).click();
  const editor = item.getByRole('form', { name: exact(t('en', 'console.eventForms.questions.add')) });
  await editor.getByLabel(exact(t('en', 'console.eventForms.questions.type'))).selectOption(type);
  await editor.getByLabel(exact(t('en', 'console.eventForms.questions.required'))).check();
  for (const locale of ['fr', 'en'] as const) {
    const language = t('en', `eventLanguages.names.${locale}`);
    await editor
      .getByLabel(exact(t('en', 'console.eventForms.questions.label', { language })))
      .fill(label[locale]);
  }
  for (const [index, option] of options.entries()) {
    await editor
      .getByRole('button', { name: exact(t('en', 'console.eventForms.questions.addOption')) })
      .click();
    for (const locale of ['fr', 'en'] as const) {
      const language = t('en', `eventLanguages.names.${locale}`);
      await editor
        .getByLabel(exact(t('en', 'console.eventForms.questions.option', { number: index + 1, language })))
        .fill(option[locale]);
    }
  }
  await editor.getByRole('button', { name: exact(t('en', 'console.eventForms.questions.save')) }).click();
  await item.getByText(exact(label.en)).waitFor();
}

/** The travel agency's own fields, then Next to the questions' step. */
async function fillAgency(page: Page, locale: Locale, email: string) {
  await page.goto(localised(locale, `/events-${SLUG}/agence_voyage`));
  await fillFormField(page, 'agencyName', `Voyages ${run}`);
  await fillFormField(page, 'email', email);
  await fillFormField(page, 'dialCode', '+33');
  await fillFormField(page, 'phone', '612345678');
  await fillFormField(page, 'address', '1 place Bellecour, Lyon');
  await page.getByRole('button', { name: exact(t(locale, 'forms.common.next')) }).click();
  await page.getByRole('heading', { level: 2, name: exact(t(locale, 'forms.steps.questions')) }).waitFor();
}

/** The questions' fields on the page, in order (their names carry the question's id). */
const questionNames = (page: Page) =>
  page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLInputElement>('input[name^="question"]')].map((input) => input.name),
    ),
  ]);

describe('custom questions: the organiser asks, the visitor answers, the console shows', () => {
  it('adds a required choice and a yes/no, refuses a missing answer in fr and ja, lists, details and exports the answer', async () => {
    await setEventForms(suite.baseUrl, SLUG, [{ kind: KIND, open: true }]);
    const eventId = (await publicFormsOf(suite.baseUrl, SLUG)).event.id;

    // the organiser, in English, on the event's forms page
    const organiser = await suite.open('en-GB');
    const page = organiser.page;
    await signIn(page, 'en');
    await page.goto(`/en/events/forms-${eventId}`);
    const list = page.getByRole('list', { name: exact(t('en', 'console.eventForms.listLabel')) });
    const item = list.getByRole('listitem', { name: exact(KIND) });
    await item.getByRole('button', { name: /^\s*Questions \(\d+\)\s*$/ }).click();
    await addQuestion(page, item, 'choice', MEAL, MEAL_OPTIONS);
    await addQuestion(page, item, 'yesNo', GALA);
    await expectNoSeriousA11yViolations(page);

    // the BFF keeps an event's forms a few seconds: the visitor's form shows the questions once it reads them
    await expect
      .poll(
        async () =>
          (await publicFormsOf(suite.baseUrl, SLUG)).forms.find((f) => f.kind === KIND)?.questions.length,
        {
          timeout: 15_000,
        },
      )
      .toBe(2);

    // a French visitor: the questions after the agency's fields, in French, each required
    const visitor = await suite.open('fr-FR');
    const email = `questions-${run}@example.org`;
    await fillAgency(visitor.page, 'fr', email);
    await visitor.page.getByRole('group', { name: new RegExp(MEAL.fr) }).waitFor();
    await visitor.page.getByText(exact(MEAL_OPTIONS[0]!.fr)).waitFor();
    await visitor.page.getByRole('button', { name: exact(t('fr', 'forms.common.submit')) }).click();
    const missing = visitor.page
      .getByRole('alert')
      .filter({ hasText: exact(t('fr', 'validation.required')) });
    await expect.poll(() => missing.count()).toBe(2);
    await expectNoSeriousA11yViolations(visitor.page);
    const [mealField, galaField] = await questionNames(visitor.page);
    await fillFormField(visitor.page, String(mealField), 'o1');
    await fillFormField(visitor.page, String(galaField), 'yes');
    // the privacy consent every form ends with, after the questions
    await fillFormField(visitor.page, 'privacyConsent', true);
    await visitor.page.getByRole('button', { name: exact(t('fr', 'forms.common.submit')) }).click();
    await visitor.page.waitForURL(`**/events-${SLUG}/submitted/participant`);
    await visitor.context.close();

    // a Japanese visitor: the yes/no in Japanese, the missing answers said in Japanese
    const japanese = await suite.open('ja-JP');
    await fillAgency(japanese.page, 'ja', `questions-ja-${run}@example.org`);
    await japanese.page.getByText(exact(t('ja', 'enums.yesNo.yes'))).waitFor();
    await japanese.page.getByRole('button', { name: exact(t('ja', 'forms.common.submit')) }).click();
    const missingJa = japanese.page
      .getByRole('alert')
      .filter({ hasText: exact(t('ja', 'validation.required')) });
    await expect.poll(() => missingJa.count()).toBe(2);
    await expectNoSeriousA11yViolations(japanese.page);
    await japanese.context.close();

    // the organiser's list: a column per choice or yes/no question, the answer in the organiser's language
    await page.goto(`/en/events/agences-${eventId}`);
    await page.getByRole('columnheader', { name: exact(MEAL.en) }).waitFor();
    await page.getByRole('columnheader', { name: exact(GALA.en) }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`Voyages ${run}`) });
    await row.getByRole('cell', { name: exact(MEAL_OPTIONS[0]!.en) }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // the detail: under the questions' step, each question with its answer
    await row.getByRole('button', { name: exact(t('en', 'registrationsAdmin.open')) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: exact(t('en', 'forms.steps.questions')) }).waitFor();
    await dialog
      .getByRole('definition')
      .filter({ hasText: exact(MEAL_OPTIONS[0]!.en) })
      .waitFor();
    await dialog
      .getByRole('term')
      .filter({ hasText: exact(GALA.en) })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    // the export: a column per question, headed in the organiser's language
    const lines = (await readFile(await serverExport(page, 'en', 'csv'), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toContain(MEAL.en);
    expect(lines[0]).toContain(GALA.en);
    const answered = lines.find((line) => line.includes(email));
    expect(answered).toContain(MEAL_OPTIONS[0]!.en);
    expect(answered).toContain(t('en', 'enums.yesNo.yes'));
    await organiser.context.close();
  }, 240_000);
});
