import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { inviteRequest } from './members';
import { organization, orgParams } from './organizations';
import {
  addMemberQuery,
  invitation,
  invitationLookup,
  invitationOrganizations,
  invitationPage,
  invitationsQuery,
} from './upstream-members';
import { id } from './validation';

export const invitationParams = z.object({ id: id() });
export const invitationCodeParams = z.object({ code: z.string().min(16).max(256) });
export const resendRequest = z.object({ locale: z.enum(LOCALES).optional() });

/**
 * An invitation as sent, with the account the address already has among the people the inviter works with
 * (the spec's `GET /user/getUsers/email/{email}`): its name, so the inviter knows whom they invited.
 */
export const sentInvitation = invitation.extend({
  account: z.object({ firstName: z.string(), lastName: z.string() }).nullable().default(null),
});

export type SentInvitation = z.infer<typeof sentInvitation>;

export const invitationRoutes = {
  /** BFF: adds the acceptance url (see members.ts) then calls POST /organizations/{id}/members/invite */
  invite: defineRoute({
    method: 'POST',
    path: '/organizations/:id/members/invite',
    kind: 'bff',
    auth: 'session',
    role: 'manager',
    params: orgParams,
    body: inviteRequest,
    responses: { 200: sentInvitation, 201: sentInvitation, 409: commonErrors[400], ...commonErrors },
  }),
  /** manager: the invitees' addresses are not members' business, and only managers act on them */
  list: defineRoute({
    method: 'GET',
    path: '/organizations/:id/invitations',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: orgParams,
    query: invitationsQuery,
    responses: { 200: invitationPage, ...commonErrors },
  }),
  invalidate: defineRoute({
    method: 'POST',
    path: '/invitations/:id/invalidate',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: invitationParams,
    responses: { 200: invitation, 409: commonErrors[400], ...commonErrors },
  }),
  /** BFF: same url rule as invite */
  resend: defineRoute({
    method: 'POST',
    path: '/invitations/:id/resend',
    kind: 'bff',
    auth: 'session',
    role: 'manager',
    params: invitationParams,
    body: resendRequest,
    responses: { 200: invitation, 409: commonErrors[400], ...commonErrors },
  }),
  /** public: the code is the secret */
  lookup: defineRoute({
    method: 'GET',
    path: '/invitations/:code',
    kind: 'proxy',
    auth: 'public',
    params: invitationCodeParams,
    responses: { 200: invitationLookup, ...commonErrors },
  }),
  organizations: defineRoute({
    method: 'GET',
    path: '/invitations/:code/organizations',
    kind: 'proxy',
    auth: 'public',
    params: invitationCodeParams,
    responses: { 200: invitationOrganizations, ...commonErrors },
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/organizations/add-member',
    kind: 'proxy',
    auth: 'session',
    query: addMemberQuery,
    responses: { 200: organization, 409: commonErrors[400], ...commonErrors },
  }),
} as const;
