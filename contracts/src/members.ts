import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { listOf, orgParams } from './organizations';
import { member, memberType } from './upstream-members';
import { email, id } from './validation';

/**
 * What the SPA sends to invite someone. The acceptance link is not the browser's to choose: the BFF
 * builds it from its public origin and the locale (`{PUBLIC_URL}{/en|/jp}/organizations/invite`), so an
 * invitation mail never points anywhere else (see docs/decisions/console.md).
 */
export const inviteRequest = z.object({
  email: email(),
  memberTypeId: id(),
  locale: z.enum(LOCALES).optional(),
});
export type InviteRequest = z.input<typeof inviteRequest>;

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
} as const;
