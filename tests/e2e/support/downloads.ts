import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download } from 'playwright-core';

/**
 * Where a download is on disk. The browser tests connect to one Chromium per run, and a connected browser
 * keeps its downloads on its own side (Download.path() refuses): each is saved here under its own name.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
