import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locale } from '@evt/contracts/locale';
import type { Download, Page } from 'playwright-core';
import { exact, t } from './i18n';

/**
 * Where a download is on disk. The browser tests connect to one Chromium per run, and a connected browser
 * keeps its downloads on its own side (Download.path() refuses): each is saved here under its own name.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/**
 * A registration export as the organiser makes it: the list's button starts the server's job, the page
 * shows its progress, then a link to the file, which is downloaded and saved (its path).
 */
export async function serverExport(page: Page, locale: Locale, format: 'csv' | 'xlsx'): Promise<string> {
  const button = format === 'csv' ? 'registrationsAdmin.exportCsv' : 'registrationsAdmin.exportExcel';
  await page.getByRole('button', { name: exact(t(locale, button)) }).click();
  const link = page.getByRole('link', {
    name: exact(t(locale, 'console.export.download', { format: format.toUpperCase() })),
  });
  await link.waitFor({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await link.click();
  return savedDownload(await download);
}
