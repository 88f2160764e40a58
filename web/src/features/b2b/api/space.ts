import { B2B_KEY_HEADER, b2bSpaceRoutes as routes, type DirectoryQuery } from '@evt/contracts/b2b';
import type { ProfileEdit } from '@evt/contracts/b2b-edit';
import { buildPath, type RouteContract } from '@evt/contracts/http';
import { apiSend } from '../../../lib/api-client';

/** A company's personal link, as the page found it in its address: `{code}` and `{confirm}` (the key). */
export interface SpaceLink {
  slug: string;
  code: number;
  key: string;
}

type Parsed<R extends RouteContract, S extends number> = R['responses'][S] extends {
  parse: (v: unknown) => infer T;
}
  ? T
  : never;

/** One call of the space's routes, with the link in its header (never in an API address). */
async function call<R extends RouteContract, S extends number>(
  route: R,
  status: S,
  link: SpaceLink,
  input: {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  } = {},
): Promise<Parsed<R, S>> {
  const { payload } = await apiSend(buildPath(route.path, { slug: link.slug, ...input.params }), {
    method: route.method,
    query: input.query,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    contentType: input.body === undefined ? undefined : 'application/json',
    signal: input.signal,
    headers: { [B2B_KEY_HEADER]: `${link.code}-${link.key}` },
  });
  const schema = route.responses[status] as { parse: (v: unknown) => Parsed<R, S> };
  return schema.parse(payload);
}

export const fetchMe = (link: SpaceLink, signal?: AbortSignal) => call(routes.me, 200, link, { signal });
export const fetchDirectory = (link: SpaceLink, query: DirectoryQuery, signal?: AbortSignal) =>
  call(routes.directory, 200, link, { query, signal });
export const fetchSuggestions = (link: SpaceLink, signal?: AbortSignal) =>
  call(routes.suggestions, 200, link, { signal });
export const fetchCompany = (link: SpaceLink, companyId: number, signal?: AbortSignal) =>
  call(routes.company, 200, link, { params: { companyId }, signal });
export const fetchCompanyLogo = (link: SpaceLink, companyId: number, signal?: AbortSignal) =>
  call(routes.companyLogo, 200, link, { params: { companyId }, signal });
export const fetchRequests = (link: SpaceLink, signal?: AbortSignal) =>
  call(routes.requests, 200, link, { signal });
export const sendRequest = (link: SpaceLink, body: { toId: number; message: string; online: boolean }) =>
  call(routes.sendRequest, 201, link, { body });
export const actOnRequest = (
  link: SpaceLink,
  requestId: number,
  action: 'accept' | 'decline' | 'withdraw',
  reason = '',
) => call(routes.actOnRequest, 200, link, { params: { requestId, action }, body: { reason } });
/** Marks (or unmarks) a request the company sent as must-meet (409 beyond MUST_MEET_MAX). */
export const setMustMeet = (link: SpaceLink, requestId: number, mustMeet: boolean) =>
  call(routes.setMustMeet, 200, link, { params: { requestId }, body: { mustMeet } });
export const fetchOwnProfile = (link: SpaceLink, signal?: AbortSignal) =>
  call(routes.profile, 200, link, { signal });
export const saveOwnProfile = (link: SpaceLink, body: ProfileEdit) =>
  call(routes.saveProfile, 200, link, { body });
export const fetchAgenda = (link: SpaceLink, signal?: AbortSignal) =>
  call(routes.agenda, 200, link, { signal });

export const fetchFeedKey = (link: SpaceLink, signal?: AbortSignal) =>
  call(routes.feedKey, 200, link, { signal });
/** A new feed key: the old calendar address stops working, the space's link stays. */
export const renewFeedKey = (link: SpaceLink) => call(routes.renewFeedKey, 200, link);

/**
 * The calendar feed's address: its own read-only key is in it (calendar applications subscribe to an
 * address), never the space's key.
 */
export const feedUrl = (link: SpaceLink, feedKey: string) =>
  `${window.location.origin}/api${buildPath(routes.feed.path, { slug: link.slug, company: link.code, key: feedKey })}.ics`;

export const resendLink = (slug: string, code: number) =>
  apiSend(buildPath(routes.resendLink.path, { slug }), {
    method: 'POST',
    body: JSON.stringify({ code }),
    contentType: 'application/json',
  });
