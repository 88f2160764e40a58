import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { REGISTRATION_LIST_PAGE_NAMES } from '../../../web/src/lib/registration-list-pages';
import { api } from './console-api';
import { selectFirstOrganization } from './console';
import { repoRoot } from './product';

/**
 * The ids the console's pages are opened with, for a signed-in organiser: the first organisation, its first
 * event and that event's first team (made if it has none).
 */
export async function consoleIds(page: Page): Promise<{ org: number; event: number; team: number }> {
  const org = await selectFirstOrganization(page);
  const events = await api<{ data: { id: number }[] }>(page, 'GET', `/api/organizations/${org}/events`);
  const event = events.data[0]?.id ?? 0;
  const teams = await api<{ id: number }[] | { data: { id: number }[] }>(
    page,
    'GET',
    `/api/events/${event}/teams`,
  );
  const team =
    (Array.isArray(teams) ? teams : teams.data)[0]?.id ??
    (await api<{ id: number }>(page, 'POST', `/api/events/${event}/teams`, { name: 'Accueil' })).id;
  return { org, event, team };
}

/**
 * The console's pages, read from its route table (web/src/app): every `{page}-{id}` page of
 * `/events/…` and of the top level, and the authenticated static paths, so that a page merged later is
 * measured too. Public pages (the visitor's form) and the invitation flow are left out.
 */
export function consolePages(ids: { org: number; event: number; team: number }): string[] {
  const source = (file: string) => readFileSync(`${repoRoot}/web/src/app/${file}`, 'utf8');
  const keysOf = (block: string) =>
    [
      ...(source('event-pages.tsx').split(`const ${block}`)[1]?.split('\n};')[0] ?? '').matchAll(
        /^ {2}(\w+): namedPage/gm,
      ),
    ].map((m) => m[1] as string);
  const named = keysOf('EVENT_PAGES')
    .filter((name) => name !== 'participant')
    .map((name) => `/events/${name}-${name === 'add' ? ids.org : ids.event}`);
  const top = keysOf('TOP_PAGES').map((name) => `/${name}-${ids.event}`);
  const staticPaths = [
    ...source('router.tsx').matchAll(/path: '(home|events|profile)'/g),
    ...source('console-routes.tsx').matchAll(/path: '([a-z/]+)'/g),
  ]
    .map((m) => `/${m[1]}`)
    .filter((path) => !path.includes('invite') && !path.includes('intivite'));
  return [
    ...new Set([
      ...staticPaths,
      ...named,
      ...REGISTRATION_LIST_PAGE_NAMES.map((name) => `/events/${name}-${ids.event}`),
      ...top,
      `/organizations/collaborators-${ids.org}`,
      `/events/commission-${ids.team}/projects`,
    ]),
  ];
}
