import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alteredBadgeCode } from '../support/badge-code';
import { expectNoSeriousA11yViolations } from './support/axe';
import { api } from './support/console-api';
import { savedDownload } from './support/downloads';
import { signIn } from './support/flows';
import { publicFormsOf } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

interface Row {
  id: number;
  lastName: string;
  firstNames: string;
  email: string;
  data: Record<string, unknown>;
}

describe("exhibitors' leads", () => {
  it('mails a stand its link; the stand scans badges on a phone, online and offline, annotates, deletes and exports; the organiser sees the counts', async () => {
    const eventId = (await publicFormsOf(suite.baseUrl, 'sii-2027')).event.id;
    const { context: desk, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');

    // the organiser's page: the demo stand and its leads
    await page.goto(`/events/leads-${eventId}`);
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'leads.console.title')) }).waitFor();
    const stands = await api<{ data: { registrationId: number; name: string; leads: number }[] }>(
      page,
      'GET',
      `/api/events/${eventId}/leads/exhibitors`,
    );
    const lumen = stands.data.find((s) => s.name === 'Lumen Optique') as {
      registrationId: number;
      leads: number;
    };
    expect(lumen.leads).toBeGreaterThan(0);
    const stand = page.getByRole('row', { name: /Lumen Optique/ });
    await stand.getByRole('cell', { name: String(lumen.leads), exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await stand.getByRole('button', { name: new RegExp(t('fr', 'leads.console.send')) }).click();
    await page.getByText(t('fr', 'leads.console.sent', { name: 'Lumen Optique' })).waitFor();

    // the link, mailed to the stand's own address; the people the stand may meet
    const standId = lumen.registrationId;
    const standRow = await api<Row>(page, 'GET', `/api/events/${eventId}/registrations/${standId}`);
    const link = await mailedLink(suite.baseUrl, standRow.email, (href) =>
      href.includes(`/events-sii-2027/exhibitor-${standId}#key=`),
    );
    const confirmed = (
      await api<{ data: Row[] }>(
        page,
        'GET',
        `/api/events/${eventId}/registrations?status=confirmed&limit=100`,
      )
    ).data.filter((row) => row.id !== standId);

    // the stand's phone, in English, opened from the mail
    const { context: phone, page: stall } = await suite.open('en-GB');
    await stall.setViewportSize({ width: 390, height: 844 });
    await stall.goto(localised('en', new URL(link).pathname) + new URL(link).hash);
    await stall.getByRole('heading', { level: 1, name: 'Lumen Optique' }).waitFor();
    // the key left the address at once
    expect(stall.url()).not.toContain('key=');
    const list = stall.getByRole('list', { name: new RegExp(t('en', 'leads.space.leadsTitle')) });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(lumen.leads);
    const known = await list.getByRole('heading').allTextContents();
    const fresh = confirmed.filter(
      (row) => row.data.shareWithExhibitors === true && !known.some((name) => name.includes(row.lastName)),
    );
    const refusing = confirmed.find((row) => row.data.shareWithExhibitors !== true) as Row;
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    await expectNoSeriousA11yViolations(stall);

    const code = stall.getByLabel(exact(t('en', 'leads.space.code')));
    const add = stall.getByRole('button', { name: exact(t('en', 'leads.space.add')) });
    // nobody named on this phone yet: asked first, the scan kept in the field's place
    await code.fill(suite.badgeCode(eventId, (fresh[0] as Row).id));
    await add.click();
    await stall.getByText(exact(t('en', 'leads.space.scannerRequired'))).waitFor();
    await stall.getByLabel(exact(t('en', 'leads.space.scannerName'))).fill('Thomas');

    const scan = async (registrationId: number) => {
      await code.fill(suite.badgeCode(eventId, registrationId));
      await add.click();
    };
    const first = fresh[0] as Row;
    await scan(first.id);
    await stall.getByText(new RegExp(t('en', 'leads.space.outcome.added', { name: '.*' }))).waitFor();
    await scan(first.id);
    await stall.locator('.scan-outcome--already').waitFor();
    await scan(refusing.id);
    await stall.getByText(exact(t('en', 'leads.space.outcome.noConsent'))).waitFor();
    await code.fill(alteredBadgeCode(suite.badgeCode(eventId, first.id)));
    await add.click();
    await stall.getByText(exact(t('en', 'leads.space.outcome.invalid'))).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(lumen.leads + 1);

    // the network goes: the scan waits on the phone, then goes when it returns
    const second = fresh[1] as Row;
    await phone.setOffline(true);
    await stall.evaluate(() => window.dispatchEvent(new Event('offline')));
    await scan(second.id);
    await stall.getByText(exact(t('en', 'leads.space.outcome.queued'))).waitFor();
    await stall.getByText(t('en', 'leads.space.device.waiting_one', { count: 1 })).waitFor();
    await expectNoSeriousA11yViolations(stall);
    await phone.setOffline(false);
    await stall.evaluate(() => window.dispatchEvent(new Event('online')));
    await stall.getByText(t('en', 'leads.space.device.waiting_other', { count: 0 })).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(lumen.leads + 2);

    // a note and a rating, then a lead deleted after a question
    const row = list.getByRole('listitem').filter({ hasText: first.lastName });
    await row.getByRole('button', { name: new RegExp(t('en', 'leads.space.edit')) }).click();
    const editor = stall.getByRole('dialog');
    await editor.getByLabel(exact(t('en', 'leads.space.rating'))).selectOption('5');
    await editor.getByLabel(exact(t('en', 'leads.space.note'))).fill('Wants a demo of the sensor line');
    await expectNoSeriousA11yViolations(stall);
    await editor.getByRole('button', { name: exact(t('en', 'leads.space.save')) }).click();
    await row.getByText('Wants a demo of the sensor line').waitFor();
    await row.getByText(t('en', 'leads.space.ratingValue', { count: 5 })).waitFor();
    const gone = list.getByRole('listitem').filter({ hasText: second.lastName });
    await gone.getByRole('button', { name: new RegExp(t('en', 'leads.space.remove')) }).click();
    await stall
      .getByRole('alertdialog')
      .getByRole('button', { name: exact(t('en', 'leads.space.remove')) })
      .click();
    // the dialog hides the list from the accessibility tree while it is open: its end is awaited first
    await stall.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(lumen.leads + 1);
    await expect.poll(() => gone.count()).toBe(0);

    // the stand's file: a header and a line per lead
    const [download] = await Promise.all([
      stall.waitForEvent('download'),
      stall.getByRole('button', { name: exact(t('en', 'leads.space.exportCsv')) }).click(),
    ]);
    const csv = readFileSync(await savedDownload(download), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain(t('en', 'leads.space.columns.organisation'));
    expect(lines).toHaveLength(lumen.leads + 2);
    expect(csv).toContain('Wants a demo of the sensor line');

    // installable: the home screen opens the stand's page without the mail, until the phone forgets it
    const manifest = await stall.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      return (await fetch(href)).json();
    });
    const standPage = localised('en', `/events-sii-2027/exhibitor-${standId}`);
    expect(manifest).toMatchObject({ start_url: standPage, scope: standPage, display: 'standalone' });
    await expect.poll(() => keptStandReads(stall)).toBeGreaterThan(0);
    const launched = await phone.newPage();
    await launched.goto(manifest.start_url);
    await launched.getByRole('heading', { level: 1, name: 'Lumen Optique' }).waitFor();
    await launched.getByRole('button', { name: exact(t('en', 'leads.space.forget')) }).click();
    await launched.getByText(exact(t('en', 'leads.space.forgotten'))).waitFor();
    // nothing of the stand's visitors stays in what the page's worker kept
    await expect.poll(() => keptStandReads(launched)).toBe(0);
    await launched.goto(manifest.start_url);
    await launched.getByText(exact(t('en', 'leads.space.noKey'))).waitFor();
    await phone.close();

    // the organiser's count follows, in Japanese too
    await page.goto(localised('ja', `/events/leads-${eventId}`));
    await page.getByRole('heading', { level: 1, name: exact(t('ja', 'leads.console.title')) }).waitFor();
    await page
      .getByRole('row', { name: /Lumen Optique/ })
      .getByRole('cell', { name: String(lumen.leads + 1), exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await desk.close();
  });
});

/** The stand's reads the page's service worker kept on the phone (they hold its visitors' details). */
function keptStandReads(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const kept = await Promise.all(
      (await caches.keys()).map(async (name) => (await caches.open(name)).keys()),
    );
    return kept.flat().filter((request) => request.url.includes('/api/public/exhibitors/')).length;
  });
}
