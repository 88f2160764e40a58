import { z } from 'zod';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { orgParams } from './organizations';
import { registrationItemParams, registrationRow } from './registrations';
import { msg } from './validation';

/*
 * The visitor's data rights (reference-upstream extensions; docs/decisions/data-rights.md):
 * everything held about one registered person as a zip (data.json, its readable copy personal-data.html in
 * the person's language, and their files), its erasure
 * (the row anonymised, so the counts stay right; files, names and answers gone), and a retention period
 * per organisation that a scheduled job applies to events ended more than N months ago.
 */

/**
 * An erased registration's e-mail reads `erased-<id>@erased.invalid` (the row stays for the counts; the
 * `.invalid` top-level domain can never receive mail, RFC 2606).
 */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
export const isErased = (row: { email: string }) => row.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/** The longest retention an owner may set: 20 years. */
export const RETENTION_MAX_MONTHS = 240;

export const retentionSettings = z.object({
  /** months after an event's end before its registrations are anonymised; null = kept */
  retentionMonths: z.number().int().min(1).max(RETENTION_MAX_MONTHS).nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

export const retentionBody = z.object({
  retentionMonths: z
    .number({ error: msg.invalidInput })
    .int({ error: msg.invalidInput })
    .min(1, { error: msg.invalidInput })
    .max(RETENTION_MAX_MONTHS, { error: msg.invalidInput })
    .nullable(),
});
export type RetentionBody = z.input<typeof retentionBody>;

/** `data.json` in the export: what the upstream holds about the person, table by table. */
export const personalDataExport = z.object({
  exportedAt: z.string(),
  event: z.object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    /** the zone of the event's times, which the readable copy shows its moments in */
    timeZone: z.string(),
  }),
  registration: registrationRow.extend({ telegramNotifications: z.boolean() }),
  statusHistory: z.array(z.object({ status: z.string(), at: z.string() })),
  checkIns: z.array(z.object({ at: z.string() })),
  b2b: z.object({
    requestsSent: z.array(
      z.object({
        id: z.number().int(),
        to: z.string(),
        status: z.string(),
        message: z.string(),
        at: z.string(),
      }),
    ),
    requestsReceived: z.array(
      z.object({
        id: z.number().int(),
        from: z.string(),
        status: z.string(),
        message: z.string(),
        at: z.string(),
      }),
    ),
    meetings: z.array(
      z.object({
        requestId: z.number().int(),
        slotId: z.string(),
        table: z.string().nullable(),
        status: z.string(),
      }),
    ),
  }),
  /** exhibitors who scanned the person's badge (lead retrieval): the stand, when, its note and rating */
  leads: z.array(
    z.object({
      exhibitor: z.string(),
      at: z.string(),
      note: z.string(),
      rating: z.number().int().nullable(),
    }),
  ),
  mailings: z.array(
    z.object({
      mailingId: z.number().int(),
      email: z.string(),
      state: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  /** the organisation's one-click unsubscribe of this address, when any */
  unsubscribedAt: z.string().nullable(),
  /** the files in the zip: `files/<name>` */
  files: z.array(z.object({ path: z.string(), field: z.string(), type: z.string(), size: z.number().int() })),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/** What the erasure answers: the anonymised row, as the lists now show it. */
export const erasureResult = registrationRow;

export const dataRightsRoutes = {
  /**
   * a zip (data.json + personal-data.html + files/…), streamed; audited `registration.exported`, so a POST (a read that writes
   * is never a GET: no prefetch or link can start it, and the CSRF check applies)
   */
  exportPerson: defineRoute({
    method: 'POST',
    path: '/events/:id/registrations/:registrationId/personal-data/export',
    kind: 'proxy',
    auth: 'session',
    params: registrationItemParams,
    responses: { 200: null, ...commonErrors },
  }),
  /** anonymises the row, deletes the files; audited `registration.erased` without personal data */
  erasePerson: defineRoute({
    method: 'DELETE',
    path: '/events/:id/registrations/:registrationId/personal-data',
    kind: 'proxy',
    auth: 'session',
    params: registrationItemParams,
    responses: { 200: erasureResult, ...commonErrors },
  }),
  getRetention: defineRoute({
    method: 'GET',
    path: '/organizations/:id/retention',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: retentionSettings, ...commonErrors },
  }),
  /** owners only */
  setRetention: defineRoute({
    method: 'PUT',
    path: '/organizations/:id/retention',
    kind: 'proxy',
    auth: 'session',
    role: 'owner',
    params: orgParams,
    body: retentionBody,
    responses: { 200: retentionSettings, ...commonErrors },
  }),
} as const;

export const retentionRunResult = z.object({
  /** registrations anonymised by this run */
  anonymised: z.number().int().nonnegative(),
  events: z.array(z.number().int()),
  /** events of the webhooks' delivery log past its retention (WEBHOOK_LOG_DAYS), deleted by this run */
  webhookEventsPurged: z.number().int().nonnegative().default(0),
});

/** The scheduled job's call (BFF job queue, behind the webhook's service header). */
export const dataRightsUpstreamRoutes = {
  retentionRun: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/retention-run',
    auth: 'service',
    body: z.object({ limit: z.number().int().min(1).max(100_000).default(5000) }),
    responses: { 200: retentionRunResult },
  }),
} as const;
