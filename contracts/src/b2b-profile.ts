import { z } from 'zod';
import { companySummary } from './b2b';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { LOCALES } from './locale';
import { eventNameVersions } from './upstream-events';
import { id } from './validation';

/**
 * `/profile/b2b` (spec "not shown"; decision in docs/decisions/b2b.md): the signed-in user's own
 * companies in B2B programmes. A programme company is a confirmed B2B registration; it is the user's when
 * it was registered with the address of their account and that address is verified. Nothing here names a
 * personal link: the page opens a company's space through `open`, which makes a short-lived key of its own
 * on the server and redirects to the space (the mailed link keeps working).
 */
export const ownProgramme = z.object({
  registrationId: z.number().int(),
  eventId: z.number().int(),
  /** in the event's main language; `eventTitles` holds the others written */
  eventTitle: z.string(),
  eventTitles: eventNameVersions,
  eventLanguages: z.array(z.enum(LOCALES)).default([]),
  eventSlug: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** the event is over: its space is closed */
  expired: z.boolean(),
  frozen: z.boolean(),
  published: z.boolean(),
  company: companySummary,
  companyDescription: z.string(),
  requestsUsed: z.number().int(),
  requestCap: z.number().int(),
  /** meetings placed for the company (counted once published) */
  meetings: z.number().int(),
});
export type OwnProgramme = z.infer<typeof ownProgramme>;

export const ownProgrammes = z.object({
  /** false: the account's address is not verified, so no registration is matched to it */
  emailVerified: z.boolean(),
  data: z.array(ownProgramme),
});
export type OwnProgrammes = z.infer<typeof ownProgrammes>;

export const openSpaceParams = z.object({ registrationId: id() });
export const openSpaceQuery = z.object({ locale: z.enum(LOCALES).optional() });

export const b2bProfileRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/profile/b2b',
    kind: 'bff',
    auth: 'session',
    responses: { 200: ownProgrammes, ...commonErrors },
  }),
  /** a 303 to `/{locale}/events-{slug}/b2b-{code}-{key}` with a new key of the console's own */
  open: defineRoute({
    method: 'GET',
    path: '/profile/b2b/:registrationId/space',
    kind: 'bff',
    auth: 'session',
    params: openSpaceParams,
    query: openSpaceQuery,
    responses: { 303: null, ...commonErrors },
  }),
} as const;

/** The upstream's side (reference-upstream extensions), called with the user's own token. */
export const b2bProfileUpstreamRoutes = {
  b2bOwnProgrammes: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/profile/b2b',
    auth: 'user',
    responses: { 200: ownProgrammes },
  }),
  b2bOwnSpaceKey: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/profile/b2b/:registrationId/key',
    auth: 'user',
    params: openSpaceParams,
    responses: {
      201: z.object({ slug: z.string(), code: z.number().int(), key: z.string().regex(/^[0-9a-f]{48}$/) }),
    },
  }),
} as const;
