import { z } from 'zod';
import { slugParam } from './b2b';
import { deskName } from './checkin-offline';
import { eventParams } from './events';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { linkCredential, spaceRoutes } from './link-space';
import type { RegistrationKind } from './forms/kinds';
import { LOCALES } from './locale';
import { registrationKind } from './public-registrations';
import { id, msg } from './validation';
import { manifestLocale, webAppManifest } from './web-app-manifest';

/*
 * Lead retrieval (docs/decisions/event-day.md, "Exhibitors' leads"): an exhibitor's staff scan visitors'
 * badges from the exhibitor's own space, opened by a link with its own key (no console account), see the
 * visitor's name, organisation and role, add a note and a rating, and export their leads. Only visitors
 * who agreed on their form (`shareWithExhibitors`) become leads; the others scan as "no consent" and
 * nothing of them is kept. The BFF checks a badge's signature (it alone has the key) and hands the
 * upstream the registration it names.
 */

/** The registrations that hold a stand, so a space of their own: exhibitors (either form) and sponsors. */
export const EXHIBITOR_KINDS = [
  'exhibitor',
  'exhibitor_legacy',
  'sponsor',
] as const satisfies readonly RegistrationKind[];

/**
 * The exhibitor's link key, sent by its page in this header as `{code}-{key}` (never in an API address),
 * read like a B2B company's (`keyHeader`, b2b.ts).
 */
export const EXHIBITOR_KEY_HEADER = 'x-exhibitor-key';

/** The person scanning, named once on the device (a stand has several staff and phones). */
export const scannerName = deskName;

/** A scan made on an exhibitor's device: sent at once when online, queued on the device when not. */
export const leadScan = z.object({
  scanId: z.uuid(),
  code: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(200, { error: msg.tooLong }),
  scannedBy: scannerName,
  scannedAt: z.iso.datetime({ offset: true }),
});
export type LeadScan = z.infer<typeof leadScan>;

export const LEAD_BATCH_MAX = 200;
export const leadScansBody = z.object({ scans: z.array(leadScan).min(1).max(LEAD_BATCH_MAX) });

export const LEAD_NOTE_MAX = 2000;
export const leadRating = z.number().int().min(1).max(5);

/** A lead as the exhibitor sees it: what the visitor agreed to share, and the stand's note and rating. */
export const lead = z.object({
  id: z.number().int(),
  lastName: z.string(),
  firstNames: z.string(),
  organisation: z.string(),
  role: registrationKind,
  email: z.string(),
  scannedAt: z.string(),
  scannedBy: z.string(),
  note: z.string(),
  rating: leadRating.nullable(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof lead>;

/**
 * `added`: a new lead; `already`: this stand scanned the visitor before (the lead as it stands).
 * Refusals: `invalid` (not one of our badges, or altered), `otherEvent`, `unknown` (no such confirmed
 * registration, or cancelled), `noConsent` (the visitor did not agree to share their details: nothing kept).
 */
export const leadScanResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.enum(['added', 'already']), lead }),
  z.object({ outcome: z.enum(['invalid', 'otherEvent', 'unknown', 'noConsent']) }),
]);
export type LeadScanResult = z.infer<typeof leadScanResult>;
export const leadScanAnswer = z.object({
  results: z.array(z.object({ scanId: z.uuid(), result: leadScanResult })),
});
export type LeadScanAnswer = z.infer<typeof leadScanAnswer>;

export const leadEditBody = z.object({
  note: z.string().trim().max(LEAD_NOTE_MAX, { error: msg.tooLong }),
  rating: leadRating.nullable(),
});
export type LeadEdit = z.infer<typeof leadEditBody>;

/** The exhibitor's space: who it is, at which event, and its leads (newest first). */
export const exhibitorSpace = z.object({
  /** in the event's main language; `eventTitles` holds the names written for its other languages */
  eventTitle: z.string(),
  eventTitles: z.partialRecord(z.enum(LOCALES), z.string()),
  eventLanguages: z.array(z.enum(LOCALES)),
  eventSlug: z.string(),
  exhibitor: z.object({ name: z.string(), contact: z.string() }),
  leads: z.array(lead),
});
export type ExhibitorSpace = z.infer<typeof exhibitorSpace>;

export const leadParams = slugParam.extend({ leadId: id() });
export const standManifestQuery = z.object({ code: id(), locale: manifestLocale });

/** The exhibitor's space, answered by the BFF (public: the link's key is the credential). */
export const exhibitorSpaceRoutes = {
  space: defineRoute({
    method: 'GET',
    path: '/public/exhibitors/:slug/space',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    responses: { 200: exhibitorSpace, ...commonErrors },
  }),
  scans: defineRoute({
    method: 'POST',
    path: '/public/exhibitors/:slug/scans',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    body: leadScansBody,
    responses: { 200: leadScanAnswer, ...commonErrors },
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/public/exhibitors/:slug/leads/:leadId',
    kind: 'bff',
    auth: 'public',
    params: leadParams,
    body: leadEditBody,
    responses: { 200: lead, ...commonErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/public/exhibitors/:slug/leads/:leadId',
    kind: 'bff',
    auth: 'public',
    params: leadParams,
    responses: { 204: null, ...commonErrors },
  }),
  /**
   * The stand page's web app manifest (a stand's phone installs the page): public, it names the page's path
   * and nothing of the event or the stand; the installed page finds its key on the phone (link-key.ts)
   */
  manifest: defineRoute({
    method: 'GET',
    path: '/public/exhibitors/:slug/manifest',
    kind: 'bff',
    auth: 'public',
    params: slugParam,
    query: standManifestQuery,
    responses: { 200: webAppManifest, ...commonErrors },
  }),
} as const;

/** One exhibitor as the organiser sees it: how many leads, no visitor's data. */
export const exhibitorLeadCount = z.object({
  registrationId: z.number().int(),
  name: z.string(),
  contact: z.string(),
  leads: z.number().int(),
  lastScanAt: z.string().nullable(),
  /** when the organiser last sent the stand its link (null: never) */
  linkSentAt: z.string().nullable(),
  /** keys that open the space now (0: no link works) */
  liveLinks: z.number().int(),
});
export type ExhibitorLeadCount = z.infer<typeof exhibitorLeadCount>;
export const exhibitorLeadCounts = z.object({ data: z.array(exhibitorLeadCount) });
export const exhibitorParams = eventParams.extend({ registrationId: id() });

/** The organiser's side: leads per exhibitor; mail a stand its link; close every link it has. */
export const leadAdminRoutes = {
  exhibitors: defineRoute({
    method: 'GET',
    path: '/events/:id/leads/exhibitors',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: eventParams,
    responses: { 200: exhibitorLeadCounts, ...commonErrors },
  }),
  sendLink: defineRoute({
    method: 'POST',
    path: '/events/:id/leads/exhibitors/:registrationId/link',
    kind: 'bff',
    auth: 'session',
    params: exhibitorParams,
    responses: { 202: z.object({ status: z.literal('sent') }), ...commonErrors },
  }),
  revokeLinks: defineRoute({
    method: 'DELETE',
    path: '/events/:id/leads/exhibitors/:registrationId/link',
    kind: 'proxy',
    auth: 'session',
    params: exhibitorParams,
    responses: { 204: null, ...commonErrors },
  }),
} as const;

/** The BFF's calls for the exhibitor's space, carrying the link in their body (link-space.ts). */
const credential = linkCredential;
const space = spaceRoutes('/public/exhibitors/space');

/** A scan the BFF verified: the event and registration its badge names. */
export const verifiedLeadScan = leadScan.omit({ code: true }).extend({
  eventId: z.number().int().positive(),
  registrationId: z.number().int().positive(),
});

export const leadUpstreamRoutes = {
  space: space('read', credential, exhibitorSpace),
  record: space(
    'record',
    credential.extend({ scans: z.array(verifiedLeadScan).max(LEAD_BATCH_MAX) }),
    leadScanAnswer,
  ),
  edit: space('edit', credential.extend({ leadId: id(), edit: leadEditBody }), lead),
  remove: space('remove', credential.extend({ leadId: id() }), null, 204),
  sendLink: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/leads/exhibitors/:registrationId/link',
    auth: 'user',
    params: exhibitorParams,
    body: z.object({ linkBase: z.url() }),
    responses: { 202: z.object({ status: z.literal('sent') }) },
  }),
} as const;
