import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locale } from '@evt/contracts/locale';
import { personName } from '@evt/contracts/person-name';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';
import { savedDownload } from './support/downloads';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');
const LOCALES: readonly [Locale, string][] = [
  ['fr', 'fr-FR'],
  ['en', 'en-GB'],
  ['ja', 'ja-JP'],
];
/** each language's sessions at their own hour, so that their rooms never clash with each other */
const HOURS: Record<Locale, string> = { fr: '16', en: '17', ja: '18' };

/** The demo event's id and its first programme day, read through the BFF as the page does. */
async function demoEvent(page: Page): Promise<{ id: number; firstDay: string }> {
  return page.evaluate(async () => {
    const orgs = (await (await fetch('/api/organizations')).json()) as { data: { id: number }[] };
    const events = (await (await fetch(`/api/organizations/${orgs.data[0]?.id}/events`)).json()) as {
      data: { id: number; slug: string }[];
    };
    const id = events.data.find((e) => e.slug === 'sii-2027')?.id ?? 0;
    const board = (await (await fetch(`/api/events/${id}/planning/sessions`)).json()) as {
      sessions: { day: string }[];
    };
    return { id, firstDay: board.sessions.map((s) => s.day).sort()[0] ?? '' };
  });
}

async function fillSession(
  page: Page,
  locale: Locale,
  values: { title: string; day: string; start: string; end: string; room: string },
) {
  const form = page.getByRole('form', { name: exact(t(locale, 'planning.form.createTitle')) });
  await form.getByLabel(exact(t(locale, 'planning.fields.title'))).fill(values.title);
  await form.getByLabel(exact(t(locale, 'planning.fields.day'))).fill(values.day);
  await form.getByLabel(exact(t(locale, 'planning.fields.start'))).fill(values.start);
  await form.getByLabel(exact(t(locale, 'planning.fields.end'))).fill(values.end);
  await form.getByLabel(exact(t(locale, 'planning.fields.room'))).fill(values.room);
  return form;
}

describe('planning: the programme, its conflicts and its public page', () => {
  for (const [locale, browserLocale] of LOCALES) {
    it(`creates two sessions in one room at one time and sees the conflict (${locale})`, async () => {
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      const { id, firstDay } = await demoEvent(page);
      await page.goto(localised(locale, `/events/planning-${id}`));
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'planning.title')) }).waitFor();
      // the demo programme is there
      await page.locator('.session').first().waitFor();
      await expectNoSeriousA11yViolations(page);

      const room = `E2E ${run} ${locale}`;
      const hour = HOURS[locale];
      const first = `${t(locale, 'planning.form.createTitle')} A ${run}`;
      const second = `${t(locale, 'planning.form.createTitle')} B ${run}`;

      // bad input: an end before the start is refused with its message, and what was typed stays
      let form = await fillSession(page, locale, {
        title: first,
        day: firstDay,
        start: `${hour}:00`,
        end: `${Number(hour) - 1}:00`,
        room,
      });
      await form.getByRole('button', { name: exact(t(locale, 'planning.form.create')) }).click();
      await form.getByText(t(locale, 'planning.validation.endBeforeStart')).waitFor();
      expect(await form.getByLabel(exact(t(locale, 'planning.fields.title'))).inputValue()).toBe(first);
      await form.getByLabel(exact(t(locale, 'planning.fields.end'))).fill(`${hour}:45`);
      await form.getByRole('button', { name: exact(t(locale, 'planning.form.create')) }).click();
      await page.getByRole('article', { name: first }).waitFor();

      form = await fillSession(page, locale, {
        title: second,
        day: firstDay,
        start: `${hour}:15`,
        end: `${hour}:45`,
        room,
      });
      // flagged while typing, then saved only once confirmed
      const roomClash = t(locale, 'planning.conflicts.room', {
        room,
        title: first,
        start: `${hour}:00`,
        end: `${hour}:45`,
      });
      await form.getByText(roomClash).waitFor();
      await expectNoSeriousA11yViolations(page);
      await form.getByRole('button', { name: exact(t(locale, 'planning.form.create')) }).click();
      const dialog = page.getByRole('alertdialog', { name: exact(t(locale, 'planning.confirm.title')) });
      await dialog.waitFor();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: exact(t(locale, 'planning.confirm.save')) }).click();
      await dialog.waitFor({ state: 'hidden' });

      const cardA = page.getByRole('article', { name: first });
      const cardB = page.getByRole('article', { name: second });
      await cardB.waitFor();
      await cardA.getByText(exact(t(locale, 'planning.conflicts.badge'))).waitFor();
      await cardB.getByText(exact(t(locale, 'planning.conflicts.badge'))).waitFor();
      await expectNoSeriousA11yViolations(page);

      if (locale === 'fr') {
        // the keyboard: Page Down takes B to the next day, announced, and the clash is gone
        const move = cardB.getByRole('button', {
          name: exact(
            t(locale, 'planning.grid.session', {
              title: second,
              start: `${hour}:15`,
              end: `${hour}:45`,
              room,
            }),
          ),
        });
        await move.focus();
        await page.keyboard.press('PageDown');
        await page
          .getByRole('status')
          .getByText(
            t(locale, 'planning.saved', { title: second, room, start: `${hour}:15`, end: `${hour}:45` }),
          )
          .waitFor();
        await expect.poll(() => cardA.getByText(t(locale, 'planning.conflicts.badge')).count()).toBe(0);

        // dragging: A goes to 12:00 in its room on its day
        const day = page.getByRole('region', { name: /./ }).filter({ has: cardA }).first();
        const target = day.locator(`.schedule__cell[data-room="${room}"][data-time="12:00"]`);
        // the drag events the browser sends, with one DataTransfer from the card to the slot
        const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
        await cardA.dispatchEvent('dragstart', { dataTransfer });
        await target.dispatchEvent('dragover', { dataTransfer });
        await target.dispatchEvent('drop', { dataTransfer });
        await cardA.dispatchEvent('dragend', { dataTransfer });
        await page
          .getByRole('status')
          .getByText(t(locale, 'planning.saved', { title: first, room, start: '12:00', end: '12:45' }))
          .waitFor();
      }

      // the public programme, read only, in the same language, with its calendar file
      await page.goto(localised(locale, `/events/${id}/programme`));
      await page.getByRole('heading', { level: 1, name: /./ }).waitFor();
      await page.getByRole('rowheader', { name: exact(second) }).waitFor();
      const ics = page.getByRole('link', { name: exact(t(locale, 'planning.public.ics')) });
      expect(await ics.getAttribute('href')).toBe(`/api/public/events/${id}/programme.ics`);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }, 180_000);
  }
});

describe('analytics: the registrations report', () => {
  for (const [locale, browserLocale] of LOCALES) {
    it(`shows the demo event's report, compares it and exports it (${locale})`, async () => {
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      const { id } = await demoEvent(page);
      // opening one of the event's pages selects it; the report is of the selected event
      await page.goto(localised(locale, `/events/planning-${id}`));
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'planning.title')) }).waitFor();
      await page
        .getByRole('navigation', { name: exact(t(locale, 'console.eventNav.label')) })
        .getByRole('link', { name: exact(t(locale, 'analytics.nav')) })
        .click();
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'analytics.title')) }).waitFor();
      const summary = page.getByRole('table', { name: exact(t(locale, 'analytics.summary.title')) });
      await summary.waitFor();
      const totalRow = summary.getByRole('row', {
        name: new RegExp(`^${t(locale, 'analytics.summary.total')}`),
      });
      // the demo's 12 registrations, and any other browser test added to the demo event
      const count = async (column: number) =>
        Number(await totalRow.getByRole('cell').nth(column).textContent());
      await expect.poll(() => count(0)).toBeGreaterThanOrEqual(12);
      const total = await count(0);
      // each chart has its table
      for (const key of ['perDay', 'cumulative', 'byKind', 'byStatus', 'byCountry', 'byLanguage'])
        await page.getByRole('table', { name: exact(t(locale, `analytics.sections.${key}`)) }).waitFor();
      // its days in the reader's language, not ISO dates
      const days = page.getByRole('table', { name: exact(t(locale, 'analytics.sections.perDay')) });
      await days.getByRole('rowheader').first().waitFor();
      expect(await days.getByRole('rowheader', { name: /^\d{4}-\d{2}-\d{2}$/ }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page);

      // the role filter, then a comparison with the organisation's other event
      await page.getByLabel(exact(t(locale, 'analytics.filters.kind'))).selectOption('panelist');
      await expect.poll(() => count(0)).toBeLessThan(total);
      await page.getByLabel(exact(t(locale, 'analytics.filters.kind'))).selectOption('');
      await page
        .getByLabel(exact(t(locale, 'analytics.filters.compare')))
        .selectOption({ label: 'Forum B2B Innovation Lyon' });
      await summary.getByRole('columnheader', { name: 'Forum B2B Innovation Lyon' }).waitFor();
      await expect.poll(() => count(1)).toBeGreaterThanOrEqual(7);
      // compared, the days line up by the days before each event, said on the axis and in the table
      const perDay = page.getByRole('table', { name: exact(t(locale, 'analytics.sections.perDay')) });
      await perDay.getByRole('columnheader', { name: exact(t(locale, 'analytics.days.axis')) }).waitFor();
      expect(await perDay.getByRole('rowheader', { name: /^\d{4}-\d{2}-\d{2}$/ }).count()).toBe(0);
      const lyon = await count(1);
      await expectNoSeriousA11yViolations(page);

      const csv = page.waitForEvent('download');
      await page.getByRole('button', { name: exact(t(locale, 'analytics.export.csv')) }).click();
      const text = (await readFile(await savedDownload(await csv), 'utf8')).replace(/^\uFEFF/, '');
      const lines = text.split('\r\n');
      expect(lines[0]).toContain(t(locale, 'analytics.export.category'));
      expect(lines[0]).toContain('Forum B2B Innovation Lyon');
      expect(
        lines.some((l) =>
          l.startsWith(
            `${t(locale, 'analytics.summary.title')},${t(locale, 'analytics.summary.total')},${total},${lyon}`,
          ),
        ),
      ).toBe(true);
      expect(lines.some((l) => l.startsWith(t(locale, 'analytics.sections.byCountry')))).toBe(true);

      const xlsx = page.waitForEvent('download');
      await page.getByRole('button', { name: exact(t(locale, 'analytics.export.xlsx')) }).click();
      expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);

      // bad input: a period ending before it starts is refused with its message
      await page.getByLabel(exact(t(locale, 'analytics.filters.from'))).fill('2030-02-01');
      await page.getByLabel(exact(t(locale, 'analytics.filters.to'))).fill('2030-01-01');
      await page.getByText(t(locale, 'validation.dateOrder')).waitFor();
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }, 180_000);
  }
});

describe('activity: what happened on an event', () => {
  for (const [locale, browserLocale] of LOCALES) {
    it(`shows registrations, cancellations, deletions, mailings and B2B requests with their links (${locale})`, async () => {
      const { context, page } = await suite.open(browserLocale);
      await signIn(page, locale);
      const ids = await page.evaluate(async () => {
        const orgs = (await (await fetch('/api/organizations')).json()) as { data: { id: number }[] };
        const events = (await (await fetch(`/api/organizations/${orgs.data[0]?.id}/events`)).json()) as {
          data: { id: number; slug: string }[];
        };
        const of = (slug: string) => events.data.find((e) => e.slug === slug)?.id ?? 0;
        return { lyon: of('forum-b2b-lyon'), sii: of('sii-2027') };
      });
      // the B2B forum: its requests, the demo's cancellation (linked) and erasure (by whom, not linked)
      await page.goto(localised(locale, `/activities-${ids.lyon}`));
      await page
        .getByRole('heading', { level: 1, name: exact(t(locale, 'console.activities.title')) })
        .waitFor();
      const timeline = page.getByRole('list', { name: exact(t(locale, 'console.activities.title')) });
      const name = personName({ firstNames: 'Inès', lastName: 'Moreau' }, locale);
      const cancelled = timeline.getByRole('link', {
        name: exact(t(locale, 'console.activities.registrationCancelled', { name })),
      });
      await cancelled.waitFor();
      expect(await cancelled.getAttribute('href')).toContain(`/events/participants-${ids.lyon}?q=`);
      const by = t(locale, 'console.activities.by', { name: 'Camille Martin' });
      await timeline
        .getByRole('listitem')
        .filter({ hasText: t(locale, 'console.activities.registrationDeleted') })
        .filter({ hasText: by })
        .waitFor();
      expect(await timeline.locator(`a[href$="/events/b2b-${ids.lyon}"]`).count()).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      // the salon: its mailing sent, linked to the mailings
      await page.goto(localised(locale, `/activities-${ids.sii}`));
      await timeline.locator(`a[href$="/events/mailings-${ids.sii}"]`).first().waitFor();
      await expectNoSeriousA11yViolations(page);
      await context.close();
    }, 180_000);
  }
});
