import { z } from 'zod';
import { EVENT_FEATURES } from './features';
import { commonErrors, defineRoute } from './http';
import { orgParams } from './organizations';
import { permission, permissionSet } from './permissions';
import { id } from './validation';

/*
 * Rights: who may do what in an event, and the organisation's audit log. All extensions of the
 * reference upstream (the spec names no call). Permissions: permissions.ts; who needs which: route-access.ts.
 */

export const rightsEventParams = z.object({ id: id() });
export const memberTypeRightsParams = z.object({ id: id(), typeId: id() });
export const memberRightsParams = z.object({ id: id(), userId: id() });

/** The caller's effective permissions in an event (the BFF reads it in one call and caches it). */
export const myPermissions = z.object({
  eventId: z.number().int(),
  organizationId: z.number().int(),
  memberType: z.string(),
  permissions: z.array(permission),
  /** the event's features (/admin/features) that were ever set; one never set is on (feature-access.ts) */
  features: z.partialRecord(z.enum(EVENT_FEATURES), z.boolean()).default({}),
});
export type MyPermissions = z.infer<typeof myPermissions>;

/** What the organisation's rules give the caller in the organisation itself (`events:create`). */
export const organizationPermissions = z.object({
  organizationId: z.number().int(),
  permissions: z.array(permission),
});
export type OrganizationPermissions = z.infer<typeof organizationPermissions>;

/** A grant as set: a list replaces what the level below gives; null goes back to it. */
export const rightsGrantBody = z.object({ permissions: permissionSet.nullable() });
export type RightsGrantBody = z.input<typeof rightsGrantBody>;

export const eventRights = z.object({
  memberTypes: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      /** what the type holds in this event */
      permissions: z.array(permission),
      /** false: the type's default; true: set for this event */
      custom: z.boolean(),
    }),
  ),
  members: z.array(
    z.object({
      userId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      memberType: z.string(),
      permissions: z.array(permission),
      custom: z.boolean(),
    }),
  ),
});
export type EventRights = z.infer<typeof eventRights>;

/** Who started the B2B scheduler, and each publication (which mails the companies). */
export const B2B_PROGRAMME_ACTIONS = ['b2b.scheduled', 'b2b.published'] as const;
/** Deletions of the event's own things, with the name they had (`details.name`). */
export const EVENT_ITEM_DELETIONS = [
  'document.deleted',
  'team.deleted',
  'project.deleted',
  'task.deleted',
] as const;

export const AUDIT_ACTIONS = [
  'rights.changed',
  'registrations.exported',
  'registration.erased',
  'mailing.sent',
  // One person's export, and the retention job's anonymisation (no actor)
  'registration.exported',
  'registrations.anonymised',
  // an organiser's cancellation of one registration (the activity page shows it with its author)
  'registration.cancelled',
  ...B2B_PROGRAMME_ACTIONS,
  ...EVENT_ITEM_DELETIONS,
  // an organisation's API keys (api-keys.ts): made, revoked, and each call made with one
  'apiKey.created',
  'apiKey.revoked',
  'apiKey.used',
  // an organisation's outgoing webhooks (webhooks.ts): endpoints added, changed, deleted, secrets renewed,
  // events sent again by hand
  'webhook.created',
  'webhook.updated',
  'webhook.removed',
  'webhook.secretRotated',
  'webhook.redelivered',
  // an exhibitor's lead-scanning link mailed to the stand, and its links closed (leads.ts)
  'exhibitorLink.sent',
  'exhibitorLink.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/**
 * What a `rights.changed` line keeps of whom the grant is about: a member type's code, or a member's address
 * and name as they were (the member may leave the organisation later). Older lines hold no name.
 */
export const rightsChangeDetails = z.object({
  memberType: z.string().optional(),
  member: z.string().optional(),
  memberName: z.string().optional(),
});
export type RightsChangeDetails = z.infer<typeof rightsChangeDetails>;
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  eventId: z.number().int().nullable(),
  /** the event's name as it is now; null for an organisation-wide line or a deleted event */
  eventName: z.string().nullable(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(50),
});
export const auditPage = z.object({
  data: z.array(auditEntry),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const rightsRoutes = {
  mine: defineRoute({
    method: 'GET',
    path: '/events/:id/permissions',
    kind: 'proxy',
    auth: 'session',
    params: rightsEventParams,
    upstreamPath: '/permissions/events/:id',
    responses: { 200: myPermissions, ...commonErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/events/:id/rights',
    kind: 'proxy',
    auth: 'session',
    params: rightsEventParams,
    responses: { 200: eventRights, ...commonErrors },
  }),
  /** BFF routes: a change drops every instance's cached permissions */
  setMemberType: defineRoute({
    method: 'PUT',
    path: '/events/:id/rights/member-types/:typeId',
    kind: 'bff',
    auth: 'session',
    params: memberTypeRightsParams,
    body: rightsGrantBody,
    responses: { 204: null, ...commonErrors },
  }),
  setMember: defineRoute({
    method: 'PUT',
    path: '/events/:id/rights/members/:userId',
    kind: 'bff',
    auth: 'session',
    params: memberRightsParams,
    body: rightsGrantBody,
    responses: { 204: null, ...commonErrors },
  }),
  /**
   * The organisation's rules (BFF routes, like the event's): what a member type or one member holds in every
   * event of the organisation that sets nothing of its own, `events:create` included; its managers set them.
   */
  /** the organisation's rules, as its managers set them (same matrix as an event's, `custom` at this level) */
  organizationRights: defineRoute({
    method: 'GET',
    path: '/organizations/:id/rights',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: orgParams,
    responses: { 200: eventRights, ...commonErrors },
  }),
  /** what those rules give the caller (the console shows "new event" to those who may create one) */
  organizationMine: defineRoute({
    method: 'GET',
    path: '/organizations/:id/permissions',
    kind: 'proxy',
    auth: 'session',
    // any member of the organisation reads what its rules give them
    role: 'member',
    params: orgParams,
    responses: { 200: organizationPermissions, ...commonErrors },
  }),
  setOrganizationMemberType: defineRoute({
    method: 'PUT',
    path: '/organizations/:id/rights/member-types/:typeId',
    kind: 'bff',
    auth: 'session',
    role: 'manager',
    params: memberTypeRightsParams,
    body: rightsGrantBody,
    responses: { 204: null, ...commonErrors },
  }),
  setOrganizationMember: defineRoute({
    method: 'PUT',
    path: '/organizations/:id/rights/members/:userId',
    kind: 'bff',
    auth: 'session',
    role: 'manager',
    params: memberRightsParams,
    body: rightsGrantBody,
    responses: { 204: null, ...commonErrors },
  }),
  /** one event's lines of the audit log, for who manages its rights (entries of other events stay out) */
  eventAudit: defineRoute({
    method: 'GET',
    path: '/events/:id/audit',
    kind: 'proxy',
    auth: 'session',
    params: rightsEventParams,
    query: auditQuery,
    responses: { 200: auditPage, ...commonErrors },
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/organizations/:id/audit',
    kind: 'proxy',
    auth: 'session',
    role: 'owner',
    params: orgParams,
    query: auditQuery,
    responses: { 200: auditPage, ...commonErrors },
  }),
} as const;
