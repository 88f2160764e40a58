import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy route modules load on first use; on a busy 2-core machine that can take more than the default second.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no scrolling; ScrollRestoration calls it on each navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: tests reset the locale cookie between cases
  document.cookie = 'locale=; Max-Age=0; Path=/';
});
