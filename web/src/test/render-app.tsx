import { PERMISSIONS } from '@evt/contracts/permissions';
import { type SessionState, sessionState } from '@evt/contracts/auth';
import { event, type Event } from '@evt/contracts/events';
import { type Organization, organization } from '@evt/contracts/organizations';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { buildRoutes, handleUnauthorized } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/** Realistic answers, validated by the same schemas the BFF answers with. */
export const fixtures = {
  session: (): SessionState =>
    sessionState.parse({
      user: {
        id: 7,
        email: 'ada@example.org',
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailVerified: true,
        locale: 'en',
        createdAt: '2026-01-05T10:00:00.000Z',
      },
      selection: { organizationId: 1, eventId: null, commissionId: null },
    }),
  organization: (id = 1): Organization =>
    organization.parse({
      id,
      name: `Salon ${id}`,
      description: 'Trade fair organiser',
      website: '',
      email: '',
      phone: '',
      country: 'FR',
      image: null,
      memberType: 'owner',
      createdAt: '2026-01-05T10:00:00.000Z',
    }),
  event: (id = 3): Event =>
    event.parse({
      id,
      organizationId: 1,
      name: 'Paris Expo 2026',
      slug: 'paris-expo-2026',
      description: 'The yearly fair.',
      venue: 'Porte de Versailles',
      city: 'Paris',
      country: 'FR',
      startDate: '2026-10-12',
      endDate: '2026-10-14',
      languages: ['fr', 'en'],
      logo: null,
      status: 'published',
      createdAt: '2026-01-05T10:00:00.000Z',
    }),
};

export const errorResponse = (status: number, code: string, fieldErrors?: Record<string, string[]>) =>
  json(status, { error: { code, message: code, details: fieldErrors ? { fieldErrors } : undefined } });

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (request: { method: string; path: string; body: unknown }) => Response | undefined;

/**
 * Replaces fetch at the network boundary: `handlers` answers by `METHOD /api/path`; GET /api/auth/me
 * answers from `session` (401 when null) unless a handler does.
 */
export function mockApi(session: SessionState | null, handlers: Record<string, Handler | Response> = {}) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }[] =
    [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? handler({ method, path: url.pathname, body }) : handler;
    if (answer) return answer.clone();
    if (method === 'GET' && url.pathname === '/api/auth/me') {
      return session ? json(200, session) : errorResponse(401, 'errors.unauthenticated');
    }
    // the signed-in organiser owns the events of the tests (every permission) unless a test says otherwise
    const permissions = /^\/api\/events\/(\d+)\/permissions$/.exec(url.pathname);
    if (method === 'GET' && permissions && session) {
      const eventId = Number(permissions[1]);
      return json(200, { eventId, organizationId: 1, memberType: 'owner', permissions: [...PERMISSIONS] });
    }
    // and may create events in its organisations
    const organization = /^\/api\/organizations\/(\d+)\/permissions$/.exec(url.pathname);
    if (method === 'GET' && organization && session)
      return json(200, { organizationId: Number(organization[1]), permissions: [...PERMISSIONS] });
    return errorResponse(404, 'errors.routeNotFound');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const router = createMemoryRouter(buildRoutes(queryClient), { initialEntries: [path] });
  handleUnauthorized(router as never, queryClient);
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

export const currentPath = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
