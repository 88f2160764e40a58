import { z } from 'zod';
import { timeZoneField } from './event-time-zone';
import { customQuestion } from './forms/questions';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { LOCALES } from './locale';
import { registrationKind } from './public-registrations';
import {
  REGISTRATION_EXPORT_BATCH_MAX,
  REGISTRATION_SORTS,
  registrationRow,
  registrationStatus,
} from './registrations';
import { id, msg } from './validation';

/*
 * Registration exports written by the server (docs/decisions/registration.md, "Exports"): the organiser
 * asks for one with the list's filters; the upstream records it (and writes the audit line); a worker of
 * the job queue (bff/src/jobs/export-jobs.ts) reads the rows by keyset batches with the rights of the person
 * who asked, writes the CSV or Excel file streamed into chunks the upstream stores, and the page polls the
 * progress, then downloads the file. Only the person who asked reads an export: its file holds what their
 * rights let them read (contacts masked or not), nobody else's.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The list's filters an export is made of (the list's own query, without its page). */
export const exportFilters = z.object({
  kind: z.array(registrationKind, { error: msg.invalidInput }).max(50).default([]),
  status: registrationStatus.optional(),
  q: z.string().trim().max(200, { error: msg.tooLong }).optional().default(''),
  sort: z.enum(REGISTRATION_SORTS, { error: msg.invalidInput }).optional().default('-createdAt'),
});
export type ExportFilters = z.output<typeof exportFilters>;

export const exportStartBody = exportFilters.extend({
  format: z.enum(EXPORT_FORMATS, { error: msg.invalidInput }),
  /** the language of the headers and words */
  locale: z.enum(LOCALES, { error: msg.invalidInput }),
  /** the organiser's clock: moments are written as it shows them */
  timeZone: timeZoneField(),
});
export type ExportStartBody = z.input<typeof exportStartBody>;

export const registrationExport = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type RegistrationExport = z.infer<typeof registrationExport>;

export const exportParams = z.object({ id: id(), exportId: id() });
const eventParams = z.object({ id: id() });

export const registrationExportRoutes = {
  /** starts an export (written in the audit log): the job takes it within a second */
  start: defineRoute({
    method: 'POST',
    path: '/events/:id/registration-exports',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    body: exportStartBody,
    responses: { 202: registrationExport, ...commonErrors },
  }),
  /** the caller's recent exports of the event (not expired), newest first */
  list: defineRoute({
    method: 'GET',
    path: '/events/:id/registration-exports',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: z.object({ data: z.array(registrationExport) }), ...commonErrors },
  }),
  /** one export's state and progress (the page polls it) */
  status: defineRoute({
    method: 'GET',
    path: '/events/:id/registration-exports/:exportId',
    kind: 'proxy',
    auth: 'session',
    params: exportParams,
    responses: { 200: registrationExport, ...commonErrors },
  }),
  /** the finished file, streamed from its stored chunks */
  file: defineRoute({
    method: 'GET',
    path: '/events/:id/registration-exports/:exportId/file',
    kind: 'proxy',
    auth: 'session',
    params: exportParams,
    responses: { 200: null, ...commonErrors },
  }),
} as const;

/* ---- the workers' calls to the upstream (automation webhook, service) ---- */

/** A run of an export: a new run number each time a worker takes it (a lost one is taken again). */
export const exportRun = z.object({ exportId: z.number().int(), run: z.number().int() });
export type ExportRun = z.infer<typeof exportRun>;

/** What a run needs to write the file; null when there is nothing to do (done, superseded, refused). */
export const exportJob = z.object({
  eventId: z.number().int(),
  format: z.enum(EXPORT_FORMATS),
  locale: z.enum(LOCALES),
  timeZone: z.string(),
  filters: exportFilters,
  total: z.number().int(),
  /** the event forms' custom questions of each exported kind */
  questions: z.partialRecord(registrationKind, z.array(customQuestion)),
});
export type ExportJob = z.infer<typeof exportJob>;

/** The largest chunk of the file a worker sends at once (bytes, before base64). */
export const EXPORT_CHUNK_MAX = 4 * 1024 * 1024;

export const registrationExportUpstreamRoutes = {
  /** exports asked for and not taken within the lease (all of them with `all`), each with a new run */
  due: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/export-due',
    auth: 'service',
    body: z.object({ all: z.boolean().default(false), limit: z.number().int().min(1).max(1000) }),
    responses: { 200: z.object({ exports: z.array(exportRun) }) },
  }),
  /** starts a run: the earlier runs' chunks go, the count is taken, the requester's right checked */
  begin: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/export-begin',
    auth: 'service',
    body: exportRun,
    responses: { 200: z.object({ job: exportJob.nullable() }) },
  }),
  /** the next batch of rows, by keyset, as the requester may read them; `superseded` once a newer run took it */
  batch: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/export-batch',
    auth: 'service',
    body: exportRun.extend({
      after: z.string().max(2000).optional(),
      limit: z
        .number()
        .int()
        .min(1)
        .max(REGISTRATION_EXPORT_BATCH_MAX)
        .default(REGISTRATION_EXPORT_BATCH_MAX),
    }),
    responses: {
      200: z.object({
        data: z.array(registrationRow),
        nextCursor: z.string().nullable(),
        superseded: z.boolean(),
      }),
    },
  }),
  /** a chunk of the file (base64) and the progress; `done` ends the export */
  write: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/export-write',
    auth: 'service',
    body: exportRun.extend({
      seq: z.number().int().min(0),
      data: z.base64().max(Math.ceil(EXPORT_CHUNK_MAX / 3) * 4 + 4),
      rowsDone: z.number().int().min(0),
      done: z.boolean(),
    }),
    responses: { 200: z.object({ superseded: z.boolean() }) },
  }),
  /** removes the exports past their expiry, files included */
  expire: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/export-expire',
    auth: 'service',
    body: z.object({}),
    responses: { 200: z.object({ deleted: z.number().int() }) },
  }),
} as const;
