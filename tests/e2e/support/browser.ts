import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  chromium,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { createClient } from 'redis';
import { onTestFailed } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

/**
 * One Chromium for the whole browser run (global-setup.ts): starting one per test file cost seconds each.
 * Test files connect to it; each test opens its own context (own cookies and storage).
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: npm test installs Debian's chromium-headless-shell (apt-get install chromium-headless-shell)`,
    );
  }
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}

/** The run's browser; closing it closes this file's contexts and disconnects, leaving the browser running. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/** What the browser received: every response's URL, headers and (text) body. */
export interface Seen {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Records every response the browser receives in a context, so a test can prove afterwards that no
 * secret (upstream access token, webhook header value) ever reached the browser.
 */
export class ResponseRecorder {
  readonly seen: Seen[] = [];
  private pending = new Map<Promise<void>, string>();

  attach(context: BrowserContext): void {
    // A request aborted after its answer began (the page moved on) never finishes: Playwright's body read
    // then waits for the page to close. Its failure ends the read instead.
    const failures = new Map<Request, () => void>();
    context.on('requestfailed', (request) => failures.get(request)?.());
    context.on('response', (response) => {
      const failed = new Promise<void>((resolve) => failures.set(response.request(), resolve));
      const reading = this.record(response, failed);
      this.pending.set(reading, `${response.request().method()} ${response.url()}`);
      void reading.finally(() => {
        this.pending.delete(reading);
        failures.delete(response.request());
      });
    });
  }

  private async record(response: Response, failed: Promise<void>): Promise<void> {
    let body = '';
    try {
      // Redirects and aborted navigations have no body. The build's content-hashed files were written
      // before this run drew its secrets, so they cannot hold one: their bodies (most of a page load's
      // bytes, read again over the DevTools protocol at every load) are not copied; their headers are.
      if ((response.status() < 300 || response.status() >= 400) && !isBuiltAsset(response))
        body = await Promise.race([
          response.body().then((bytes) => bytes.toString('latin1')),
          failed.then(() => ''),
        ]);
    } catch {
      body = '';
    }
    this.seen.push({
      url: response.url(),
      status: response.status(),
      headers: await response.allHeaders().catch(() => response.headers()),
      body,
    });
  }

  /**
   * What was received, once the bodies being read are read. A body still unread after `graceMs` (a case the
   * failure above does not cover) is named on stderr and left out: the file's connection closing next ends
   * its read.
   */
  async settle(graceMs = 5_000): Promise<Seen[]> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.pending.keys()]), grace]);
    clearTimeout(timer);
    if (this.pending.size)
      console.warn(
        `[responses] ${this.pending.size} body(ies) never read: ${[...this.pending.values()].join(', ')}`,
      );
    return this.seen;
  }
}

/** A file of the build (`/assets/name-hash.ext`, served immutable). */
function isBuiltAsset(response: Response): boolean {
  return (
    new URL(response.url()).pathname.startsWith('/assets/') &&
    (response.headers()['cache-control'] ?? '').includes('immutable')
  );
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh context (its own cookies) with a browser language, recorded by `recorder`. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  recorder: ResponseRecorder,
  locale = 'fr-FR',
): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, locale });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  recorder.attach(context);
  keepBrowserDiary(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * What the pages of a context said (console errors and warnings, uncaught errors, failed requests, reloads),
 * printed only when the test fails: a failure seen once on a busy CI machine then names its cause.
 */
function keepBrowserDiary(context: BrowserContext): void {
  const started = Date.now();
  const lines: string[] = [];
  const note = (line: string) => lines.push(`+${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`console.${message.type()} ${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => note(`uncaught on ${page.url()}: ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) =>
      note(`request failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`),
    );
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
    });
  });
  try {
    onTestFailed(() => {
      console.error(`[browser diary]\n${lines.join('\n') || '(nothing)'}`);
    });
  } catch {
    // opened outside a test (a hook): nothing to attach the diary to
  }
}

/**
 * A Google Calendar event id the BFF derived (base32hex: 0-9 and a-v only) may be 43 characters long too. A
 * random 32-byte base64url token lies in that alphabet with a chance of 2^-43: the exact tokens found in
 * Redis are looked for anyway.
 */
const isCalendarEventId = (value: string) => /^[0-9a-v]+$/.test(value);

/** The upstream's access tokens: random base64url strings of 32 bytes. */
export const ACCESS_TOKEN_PATTERN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/**
 * The upstream tokens stored in the BFF's Redis (session records keep them as `auth.accessToken`), and any
 * other value shaped like one.
 * Finding them there lets the check below look for the exact tokens anywhere, headers included.
 */
export async function tokensInRedis(redisUrl: string): Promise<string[]> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  const found = new Set<string>();
  try {
    for await (const keys of client.scanIterator({ COUNT: 500 })) {
      for (const key of Array.isArray(keys) ? keys : [keys]) {
        if ((await client.type(key)) !== 'string') continue;
        const value = (await client.get(key)) ?? '';
        for (const [match] of value.matchAll(ACCESS_TOKEN_PATTERN))
          if (!isCalendarEventId(match)) found.add(match);
        for (const match of value.matchAll(/"accessToken"\s*:\s*"([^"]+)"/g)) found.add(match[1] as string);
      }
    }
  } finally {
    await client.quit();
  }
  return [...found];
}

/** Lists each place a secret was seen; empty when the browser never received any. */
export function secretLeaks(seen: Seen[], secrets: string[]): string[] {
  const leaks: string[] = [];
  const wanted = secrets.filter((secret) => secret.length >= 16);
  for (const response of seen) {
    const headerText = Object.entries(response.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    for (const secret of wanted) {
      if (headerText.includes(secret)) leaks.push(`header of ${response.url}`);
      if (response.body.includes(secret)) leaks.push(`body of ${response.url}`);
    }
    // API answers are JSON the BFF writes: no field of them may look like an upstream token.
    const isApi = new URL(response.url).pathname.startsWith('/api/');
    if (
      isApi &&
      [...response.body.matchAll(ACCESS_TOKEN_PATTERN)].some(([value]) => !isCalendarEventId(value))
    )
      leaks.push(`token-like value in ${response.url}`);
  }
  return leaks;
}
