import { z } from 'zod';
import { badgeGenerateQuery, badgeModel, badgePerson } from './badges';
import { eventParams } from './events';
import { REGISTRATION_KINDS } from './forms/kinds';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { LOCALES } from './locale';
import { registrationKind } from './public-registrations';
import { id, msg } from './validation';

/*
 * Badge sending: each confirmed visitor's badge by mail, PDF attached, in their language, through
 * the job queue. The organiser's two routes are proxied to the reference upstream, which records each
 * request (one row per registration, so nobody gets it twice); the workers (bff/src/jobs/badge-jobs.ts)
 * take the requests, draw each badge and put the mail on the mail queue. Badge mails are service mails:
 * they go to people who unsubscribed from mailings too.
 */

/** Whom to send: confirmed registrations of these roles (none = all roles), or one registration. */
export const badgeSendBody = z.object({
  roles: z.array(registrationKind, { error: msg.invalidInput }).max(REGISTRATION_KINDS.length).default([]),
  registrationId: id().optional(),
});
export type BadgeSendBody = z.input<typeof badgeSendBody>;

/** The same choice as a query (`roles` comma-separated), for the counts. */
export const badgeSendQuery = z.object({
  roles: badgeGenerateQuery.shape.roles,
  registrationId: id().optional(),
});

export const badgeSendStatus = z.object({
  /** confirmed registrations of the choice */
  confirmed: z.number().int(),
  sent: z.number().int(),
  /** asked for, not sent yet (on the queue) */
  pending: z.number().int(),
  /** the SMTP server refused or was away: the next "send" tries them again */
  failed: z.number().int(),
  /** what the next "send" would send: not sent and not pending (failed ones included) */
  remaining: z.number().int(),
});
export type BadgeSendStatus = z.infer<typeof badgeSendStatus>;

export const badgeSendResult = badgeSendStatus.extend({
  /** the badges this request put on the way */
  requested: z.number().int(),
});

export const badgeSendingRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/events/:id/badge-sends',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    query: badgeSendQuery,
    responses: { 200: badgeSendStatus, ...commonErrors },
  }),
  /** those of the choice not sent yet (nor on the way), each once */
  send: defineRoute({
    method: 'POST',
    path: '/events/:id/badge-sends',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    body: badgeSendBody,
    responses: { 200: badgeSendResult, ...commonErrors },
  }),
} as const;

/* ---- the workers' calls to the upstream (automation webhook, service) ---- */

export const dueBadge = z.object({
  eventId: z.number().int(),
  registrationId: z.number().int(),
  attempt: z.number().int(),
});
export type DueBadge = z.infer<typeof dueBadge>;

/** What a worker needs to draw one badge and mail it; null when there is nothing to do any more. */
export const badgeMailJob = z.object({
  key: z.string(),
  to: z.string(),
  locale: z.enum(LOCALES),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  filename: z.string(),
  eventName: z.string(),
  /** the event's logo path (public upstream route), or null */
  logo: z.string().nullable(),
  /** the model of the person's role, or null for the default one */
  model: badgeModel.nullable(),
  person: badgePerson,
});
export type BadgeMailJob = z.infer<typeof badgeMailJob>;

export const badgeSendingUpstreamRoutes = {
  /** requested badges not put on the queue within the lease (all of them with `all`) */
  due: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/badge-due',
    auth: 'service',
    body: z.object({ all: z.boolean().default(false), limit: z.number().int().min(1).max(20_000) }),
    responses: { 200: z.object({ badges: z.array(dueBadge) }) },
  }),
  mail: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/badge-mail',
    auth: 'service',
    body: dueBadge,
    responses: { 200: z.object({ job: badgeMailJob.nullable() }) },
  }),
} as const;
