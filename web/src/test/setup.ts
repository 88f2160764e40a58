import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { setUnauthorizedHandler } from '../lib/api-client';
import { forgetFirstRender } from '../lib/first-render';
import { forgetLocales } from '../lib/i18n/i18n';
import { forgetReads } from '../lib/read-cache';
import { forgetToasts } from '../lib/toast';

// Lazy route modules load on first use; on a busy 2-core machine that can take more than the default second.
configure({ asyncUtilTimeout: 8000 });

// DOM-free files run in the node environment (a `@vitest-environment node` line): no window there.
const hasDom = typeof window !== 'undefined';

// jsdom has no scrolling; ScrollRestoration calls it on each navigation.
if (hasDom) window.scrollTo = () => {};

// The files of a worker share one module graph and one jsdom (web/vitest.config.ts): each file starts as a
// newly opened tab would, without what the previous file's pages kept for theirs.
beforeAll(async () => {
  forgetFirstRender();
  await forgetLocales();
  forgetToasts();
  forgetReads();
  // each file's router registers its own (renderApp)
  setUnauthorizedHandler(undefined);
  if (!hasDom) return;
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (!hasDom) return;
  cleanup();
  // biome-ignore lint/suspicious/noDocumentCookie: tests reset the locale cookie between cases
  document.cookie = 'locale=; Max-Age=0; Path=/';
});
