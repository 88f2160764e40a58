import { randomBytes } from 'node:crypto';
import type { Locale } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { api } from './support/console-api';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function fill(page: Page, locale: Locale, key: string, value: string) {
  await page.getByLabel(exact(t(locale, key))).fill(value);
}

/**
 * Meetings in Chromium, against the local Google emulator `npm start` runs when no Google client is
 * configured: an organiser connects Google on the emulator's consent page, creates a Meet meeting with three
 * participant entries (the one without @ is dropped, the host is added), sees the Meet link, renames it (the list shows the new title), deletes it, then creates, edits and deletes a Zoom meeting (reached from the event menu); in French, English and Japanese; axe clean.
 */
describe('meetings with Google Meet and Zoom', () => {
  it.each(['fr', 'en', 'ja'] as const)(
    '%s: connect Google, Meet meeting, Zoom meeting',
    async (locale) => {
      const { page } = await suite.open(locale === 'ja' ? 'ja-JP' : locale === 'en' ? 'en-GB' : 'fr-FR');
      page.on('console', (m) => process.env.E2E_DEBUG && console.log('console', m.text()));
      await signIn(page, locale);
      const orgId = await selectFirstOrganization(page);
      const events = await api<{ data: { id: number }[] }>(page, 'GET', `/api/organizations/${orgId}/events`);
      const eventId = events.data[0]?.id as number;
      const me = await api<{ user: { email: string } }>(page, 'GET', '/api/auth/me');
      const suffix = randomBytes(3).toString('hex');

      await page.goto(localised(locale, `/events/meetings-${eventId}`));
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'meetings.googleTitle')) }).waitFor();
      await page.getByText(t(locale, 'meetings.demo')).waitFor();
      await expectNoSeriousA11yViolations(page);

      // connect (or reconnect): the emulator's consent page, every scope granted
      const connect = page.getByRole('link', {
        name: new RegExp(
          `^(${t(locale, 'meetings.connection.connect')}|${t(locale, 'meetings.connection.reconnect')})$`,
        ),
      });
      if (await connect.count()) {
        await connect.click();
        await page.getByRole('heading', { name: 'Google (local emulator)' }).waitFor();
        await page.getByLabel('Google account').fill(`organiser-${locale}@gmail.example`);
        await page.getByRole('button', { name: 'Allow' }).click();
        await page.getByText(t(locale, 'meetings.outcome.connected')).waitFor();
      }
      // the same organiser in every language: connected once, with whichever address was given first
      const [before] = t(locale, 'meetings.connection.connected').split('{{email}}');
      await page.getByText(new RegExp(`^${(before ?? '').replace(/[()（]/g, '.')}`)).waitFor();

      // create: three entries, one without @
      const title = `Kick-off ${suffix}`;
      await fill(page, locale, 'meetings.form.title', title);
      await fill(page, locale, 'meetings.form.date', future(7));
      await fill(page, locale, 'meetings.form.time', '10:30');
      await fill(page, locale, 'meetings.form.duration', '45');
      await fill(
        page,
        locale,
        'meetings.form.participants',
        'ana@example.org, not an address, ben@example.org',
      );
      await page.getByRole('button', { name: exact(t(locale, 'meetings.form.create')) }).click();
      const item = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: exact(title) }) });
      await item.waitFor();
      await item.getByText(`ana@example.org, ben@example.org, ${me.user.email}`).waitFor();
      const meet = item.getByRole('link', { name: exact(t(locale, 'meetings.list.joinMeet')) });
      await meet.waitFor({ timeout: 15_000 });
      expect(await meet.getAttribute('href')).toMatch(/^https:\/\/meet\.google\.com\//);
      await item.getByRole('link', { name: exact(t(locale, 'meetings.list.calendarLink')) }).waitFor();
      await expectNoSeriousA11yViolations(page);

      // a meeting in the past is refused before Google, what was typed stays
      await fill(page, locale, 'meetings.form.title', `Past ${suffix}`);
      await fill(page, locale, 'meetings.form.date', '2020-01-01');
      await fill(page, locale, 'meetings.form.time', '09:00');
      await fill(page, locale, 'meetings.form.participants', 'ana@example.org');
      await page.getByRole('button', { name: exact(t(locale, 'meetings.form.create')) }).click();
      await page.getByText(t(locale, 'meetings.validation.past')).waitFor();
      expect(await page.getByLabel(exact(t(locale, 'meetings.form.title'))).inputValue()).toBe(
        `Past ${suffix}`,
      );

      // edit the title: the list shows the new one (it used to keep the old title: the polled copy of the
      // meeting hid the edit), and the Meet link stays
      await item.getByRole('button', { name: exact(t(locale, 'meetings.list.edit', { title })) }).click();
      const editForm = page.getByRole('form', { name: exact(t(locale, 'meetings.form.editTitle')) });
      const renamed = `Kick-off moved ${suffix}`;
      await editForm.getByLabel(exact(t(locale, 'meetings.form.title'))).fill(renamed);
      await editForm.getByRole('button', { name: exact(t(locale, 'meetings.form.save')) }).click();
      const edited = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: exact(renamed) }) });
      await edited.waitFor();
      await page.getByRole('form', { name: exact(t(locale, 'meetings.form.createTitle')) }).waitFor();
      expect(await page.getByRole('heading', { level: 3, name: exact(title) }).count()).toBe(0);
      await edited.getByRole('link', { name: exact(t(locale, 'meetings.list.joinMeet')) }).waitFor();

      // delete, confirmed
      await edited
        .getByRole('button', { name: exact(t(locale, 'meetings.list.delete', { title: renamed })) })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: exact(t(locale, 'console.deleteDialog.confirm')) })
        .click();
      await edited.waitFor({ state: 'detached' });

      // Zoom, from the event menu, beside the Meet page
      const menu = page.getByRole('navigation', { name: exact(t(locale, 'console.eventNav.label')) });
      await menu.getByRole('link', { name: exact(t(locale, 'meetings.nav.zoom')) }).click();
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'meetings.zoomTitle')) }).waitFor();
      const topic = `Zoom ${suffix}`;
      await fill(page, locale, 'meetings.form.title', topic);
      await fill(page, locale, 'meetings.form.date', future(8));
      await fill(page, locale, 'meetings.form.time', '15:00');
      await fill(page, locale, 'meetings.form.duration', '30');
      await page.getByRole('button', { name: exact(t(locale, 'meetings.form.create')) }).click();
      const zoom = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: exact(topic) }) });
      const join = zoom.getByRole('link', { name: exact(t(locale, 'meetings.list.joinZoom')) });
      await join.waitFor();
      const link = await join.getAttribute('href');
      expect(link).toMatch(/^https:\/\/zoom\.example\.invalid\/j\/\d+$/);
      await expectNoSeriousA11yViolations(page);

      // edited like a Meet one: another title, time and duration; the Zoom link stays
      await zoom
        .getByRole('button', { name: exact(t(locale, 'meetings.list.edit', { title: topic })) })
        .click();
      const zoomEdit = page.getByRole('form', { name: exact(t(locale, 'meetings.form.editTitle')) });
      const movedTopic = `Zoom moved ${suffix}`;
      await zoomEdit.getByLabel(exact(t(locale, 'meetings.form.title'))).fill(movedTopic);
      await zoomEdit.getByLabel(exact(t(locale, 'meetings.form.time'))).fill('16:45');
      await zoomEdit.getByLabel(exact(t(locale, 'meetings.form.duration'))).fill('60');
      await expectNoSeriousA11yViolations(page);
      await zoomEdit.getByRole('button', { name: exact(t(locale, 'meetings.form.save')) }).click();
      const movedZoom = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: exact(movedTopic) }) });
      await movedZoom
        .getByText(t(locale, 'meetings.list.when', { date: future(8), time: '16:45', duration: 60 }))
        .waitFor();
      expect(
        await movedZoom
          .getByRole('link', { name: exact(t(locale, 'meetings.list.joinZoom')) })
          .getAttribute('href'),
      ).toBe(link);
      await movedZoom
        .getByRole('button', { name: exact(t(locale, 'meetings.list.delete', { title: movedTopic })) })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: exact(t(locale, 'console.deleteDialog.confirm')) })
        .click();
      await movedZoom.waitFor({ state: 'detached' });
    },
    180_000,
  );
});
