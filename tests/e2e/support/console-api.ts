import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import type { Page } from 'playwright-core';

/** A call of the console's API from the signed-in page (its cookie, the SPA's CSRF header). */
export function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, header }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', [header[0]]: header[1] },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
      return response.json();
    },
    { method, path, body, header: [CSRF_HEADER, CSRF_HEADER_VALUE] as const },
  ) as Promise<T>;
}
