import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { setEventForms } from './support/forms';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';
import { savedDownload } from './support/downloads';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');

/** One page of a PDF as RGBA pixels, drawn by Debian's pdftoppm (poppler-utils, installed by npm test). */
function pageImage(pdf: string, pageNumber: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evt-badge-'));
  execFileSync('pdftoppm', [
    '-r',
    '150',
    '-f',
    String(pageNumber),
    '-l',
    String(pageNumber),
    pdf,
    `${dir}/p`,
  ]);
  const file = readdirSync(dir).find((name) => name.endsWith('.ppm'));
  if (!file) throw new Error('pdftoppm drew no page');
  const ppm = readFileSync(path.join(dir, file));
  // P6 header: magic, width, height, max value, each followed by whitespace
  const header = ppm.subarray(0, 50).toString('latin1').split(/\s+/);
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = ppm.length - width * height * 3;
  const rgba = new Uint8ClampedArray(width * height * 4);
  let dark = 0;
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [ppm[start + i * 3] ?? 0, ppm[start + i * 3 + 1] ?? 0, ppm[start + i * 3 + 2] ?? 0];
    rgba.set([r, g, b, 255], i * 4);
    if (r + g + b < 300) dark++;
  }
  return { width, height, rgba, darkShare: dark / (width * height) };
}

const pageCount = (pdf: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1] ?? 0);

async function download(page: Page, click: () => Promise<void>): Promise<string> {
  // a badges PDF is drawn when asked for: on a loaded machine that takes longer than a page's 15 s default
  const waiting = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const file = await savedDownload(await waiting);
  if (!file) throw new Error('no download');
  return file;
}

/** A participant registered and confirmed for this run: the last badge of the participants' PDF. */
async function confirmedParticipant(page: Page, eventId: number) {
  await setEventForms(suite.baseUrl, 'sii-2027', [{ kind: 'participant', open: true }]);
  const email = `badge-${run}@example.org`;
  const registered = await fetch(`${suite.baseUrl}/api/public/events/sii-2027/registrations/participant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({
      locale: 'ja',
      data: {
        lastName: '長谷川',
        firstNames: '友里恵',
        email,
        dialCode: '+81',
        phone: '0312345678',
        countryOfResidence: 'JP',
        occupation: 'Ingénieure',
        participantType: 'individual',
        sector: 'agriculture_agroindustry',
        telegramNotifications: false,
        privacyConsent: true,
      },
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(202);
  const list = await page.request.get(`/api/events/${eventId}/registrations?q=${encodeURIComponent(email)}`);
  const id = ((await list.json()) as { data: { id: number }[] }).data[0]?.id;
  const confirmed = await page.request.post(`/api/events/${eventId}/registrations/${id}/confirm`, {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  expect(confirmed.status()).toBe(200);
}

async function scan(page: Page, locale: Locale, code: string) {
  const field = page.getByLabel(exact(t(locale, 'checkin.code')));
  await field.fill('');
  // a keyboard-wedge scanner: the characters, then Enter
  await field.pressSequentially(code, { delay: 2 });
  await field.press('Enter');
}

/** A translated text as a pattern, its `@T@` (a time of day) matching any. */
const withAnyTime = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('@T@', '.+'));
const alreadyText = (locale: Locale) =>
  withAnyTime(t(locale, 'checkin.outcome.already', { time: '@T@', by: 'Camille Martin' }));

describe('badges and check-in', () => {
  let eventId = 0;
  let token = '';

  it('designs a model with its preview, prints the test sheet and the participants, checks one in (fr)', async () => {
    const forms = (await (await fetch(`${suite.baseUrl}/api/public/events/sii-2027/forms`)).json()) as {
      event: { id: number };
    };
    eventId = forms.event.id;
    const { page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await confirmedParticipant(page, eventId);

    await page.goto(`/events/badges-${eventId}`);
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'badges.editor.title')) }).waitFor();
    const preview = page.getByRole('img', {
      name: t('fr', 'badges.editor.previewLabel', { role: 'Participant' }),
    });
    await preview.waitFor();
    expect(await preview.locator('text').allTextContents()).toContain(t('fr', 'badges.editor.sampleName'));
    await page.getByLabel(exact(t('fr', 'badges.editor.pageSize'))).selectOption('CR80');
    await expect.poll(() => preview.getAttribute('viewBox')).toBe('0 0 85.6 53.98');
    await page.getByLabel(exact(t('fr', 'badges.editor.pageSize'))).selectOption('A6');
    await page.getByRole('button', { name: exact(t('fr', 'badges.editor.save')) }).click();
    await page.getByText(t('fr', 'badges.editor.saved')).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/events/testpdf-${eventId}`);
    await page.getByLabel(exact(t('fr', 'badges.editor.role'))).selectOption('participant');
    const sample = await download(page, () =>
      page.getByRole('link', { name: exact(t('fr', 'badges.test.download')) }).click(),
    );
    expect(pageCount(sample)).toBe(3);
    const first = pageImage(sample, 1);
    expect(first.darkShare).toBeGreaterThan(0.02);
    expect(first.darkShare).toBeLessThan(0.9);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/events/genbadge-${eventId}`);
    await page.getByRole('button', { name: exact(t('fr', 'badges.generate.start')) }).click();
    const save = page.getByRole('link', { name: exact(t('fr', 'badges.generate.save')) });
    await save.waitFor({ timeout: 90_000 });
    const pdf = await download(page, () => save.click());
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const last = pageImage(pdf, pages);
    const code = jsQR(last.rgba, last.width, last.height)?.data;
    expect(code).toMatch(/^EVB1[0-9A-F]{48}$/);
    token = code as string;
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/events/checkin-${eventId}`);
    await scan(page, 'fr', token);
    await page.getByText(t('fr', 'checkin.outcome.checkedIn', { name: '友里恵 長谷川' })).waitFor();
    await scan(page, 'fr', token);
    await page.locator('.scan-outcome--already').getByText(alreadyText('fr')).waitFor();
    // one byte changed: refused in words
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    await scan(page, 'fr', tampered);
    await page.getByText(t('fr', 'checkin.outcome.invalid')).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/events/dashboard-${eventId}`);
    await page.getByRole('table', { name: t('fr', 'checkin.stats.byHour') }).waitFor();
    await expectNoSeriousA11yViolations(page);
  }, 240_000);

  it('keeps scans on the device while the network is away, opens without it, and sends them when it returns (fr)', async () => {
    expect(token).not.toBe('');
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await page.goto(`/events/checkin-${eventId}`);
    await page.getByText(t('fr', 'checkin.device.online')).waitFor();
    // installable: its manifest opens this very page
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      return href ? ((await (await fetch(href)).json()) as { start_url: string }) : null;
    });
    expect(manifest?.start_url).toBe(`/events/checkin-${eventId}`);
    // the roster is on the device once a sync time shows
    await page.getByText(new RegExp(t('fr', 'checkin.device.syncedAt', { time: '' }).trim())).waitFor();
    const desk = page.getByLabel(exact(t('fr', 'checkin.device.deskName')));
    await desk.fill('Porte B');
    await desk.blur();

    await context.setOffline(true);
    await page.getByText(t('fr', 'checkin.device.offline')).waitFor();
    await scan(page, 'fr', token);
    // recognised from the roster the device keeps, without the server
    await page.getByText(t('fr', 'checkin.device.savedKnown', { name: '友里恵 長谷川' })).waitFor();
    await page.getByText(t('fr', 'checkin.device.waiting_one', { count: 1 })).waitFor();
    await expectNoSeriousA11yViolations(page);
    // the page opens again without the network (its service worker), the scan still waiting
    await page.reload();
    await page.getByText(t('fr', 'checkin.device.offline')).waitFor();
    await page.getByText(t('fr', 'checkin.device.waiting_one', { count: 1 })).waitFor();
    // the page is closed while offline: the scan waits in the device's storage
    await page.close();

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(`/events/checkin-${eventId}`);
    // sent on opening: this person was checked in before, so the device is told when and by whom
    await again
      .getByRole('alert')
      .getByText(
        withAnyTime(
          t('fr', 'checkin.device.alreadyBy', { name: '友里恵 長谷川', time: '@T@', by: 'Camille Martin' }),
        ),
      )
      .waitFor();
    await again.getByText(t('fr', 'checkin.device.waiting_one', { count: 0 })).waitFor();
    expect(await again.getByLabel(exact(t('fr', 'checkin.device.deskName'))).inputValue()).toBe('Porte B');
  }, 120_000);

  for (const locale of ['en', 'ja'] as const) {
    it(`shows the editor and says "already checked in" in ${locale}`, async () => {
      expect(token).not.toBe('');
      const { page } = await suite.open(locale === 'ja' ? 'ja-JP' : 'en-GB');
      await signIn(page, locale);
      await page.goto(localised(locale, `/events/badges-${eventId}`));
      await page.getByRole('heading', { level: 1, name: exact(t(locale, 'badges.editor.title')) }).waitFor();
      await page
        .getByRole('img', {
          name: t(locale, 'badges.editor.previewLabel', { role: t(locale, 'badges.roles.participant') }),
        })
        .waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.goto(localised(locale, `/events/checkin-${eventId}`));
      await scan(page, locale, token);
      await page.locator('.scan-outcome--already').getByText(alreadyText(locale)).waitFor();
      await expectNoSeriousA11yViolations(page);
    }, 120_000);
  }
});
