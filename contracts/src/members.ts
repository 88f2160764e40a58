import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { listOf, orgParams } from './organizations';
import { userIdsQuery } from './upstream-auth';
import { member, memberType } from './upstream-members';
import { email, id, msg } from './validation';

/**
 * What the SPA sends to invite someone. The acceptance link is not the browser's to choose: the BFF
 * builds it from its public origin and the locale (`{PUBLIC_URL}{/en|/jp}/organizations/invite`), so an
 * invitation mail never points anywhere else (see docs/decisions/console.md).
 */
export const inviteRequest = z.object({
  email: email(),
  memberTypeId: id(msg.memberTypeRequired),
  locale: z.enum(LOCALES).optional(),
});
export type InviteRequest = z.input<typeof inviteRequest>;

export const memberParams = z.object({ id: id(), userId: id() });
/** `PUT /organizations/{id}/members/{userId}` (extension) */
export const changeMemberTypeBody = z.object({ memberTypeId: id(msg.memberTypeRequired) });
export type ChangeMemberTypeBody = z.input<typeof changeMemberTypeBody>;

/** A member's name, as the organisation's lists show it: nothing else of the account (address, language). */
export const memberName = z.object({ userId: z.number().int(), firstName: z.string(), lastName: z.string() });
export type MemberName = z.infer<typeof memberName>;

export const memberRoutes = {
  memberTypes: defineRoute({
    method: 'GET',
    path: '/member-types',
    kind: 'proxy',
    auth: 'session',
    responses: { 200: listOf(memberType), ...commonErrors },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/organizations/:id/members',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: listOf(member), ...commonErrors },
  }),
  /**
   * BFF: the names of these users (`?userIds=1,2`, at most 200), in one call of the spec's
   * `GET /user/profil/getUsers?userIds=`: only those who are members of this organisation are answered,
   * whoever else the caller may know (see docs/decisions/console.md).
   */
  names: defineRoute({
    method: 'GET',
    path: '/organizations/:id/member-names',
    kind: 'bff',
    auth: 'session',
    role: 'member',
    params: orgParams,
    query: userIdsQuery,
    responses: { 200: listOf(memberName), ...commonErrors },
  }),
  /**
   * Extension: a member's type. Managers only; an admin neither makes nor changes an owner;
   * the only owner is never demoted (409 lastOwner). A BFF route: once the upstream has stored it, every
   * instance drops the access it had cached (as for rights).
   */
  changeType: defineRoute({
    method: 'PUT',
    path: '/organizations/:id/members/:userId',
    kind: 'bff',
    auth: 'session',
    role: 'manager',
    params: memberParams,
    body: changeMemberTypeBody,
    responses: { 200: member, 409: commonErrors[400], ...commonErrors },
  }),
  /**
   * Extension: removes a member. Same rules: managers, an admin not an owner, never the only
   * owner. A BFF route, for the same reason as a type change: the removed member's access ends at once.
   */
  remove: defineRoute({
    method: 'DELETE',
    path: '/organizations/:id/members/:userId',
    kind: 'bff',
    auth: 'session',
    role: 'manager',
    params: memberParams,
    responses: { 204: null, 409: commonErrors[400], ...commonErrors },
  }),
} as const;
