import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { inviteRequest } from './members';
import { organization, orgParams } from './organizations';
import {
  invitation,
  invitationLookup,
  invitationOrganizations,
  invitationPage,
  invitationsQuery,
} from './upstream-members';
import { id } from './validation';

export const invitationParams = z.object({ id: id() });
/** A mailed invitation code (the spec's `?code=`): the secret that reads the invitation and joins with it. */
export const invitationCode = z.string().min(16).max(256);
/**
 * The header the invitation page carries the code in: an API path or query would put the code in the
 * access logs of every proxy on the way, and in the browser's history.
 */
export const INVITATION_CODE_HEADER = 'x-invitation-code';
/** What the invitation page shows: the invitation and the organisation it invites to. */
export const invitationView = z.object({
  invitation: invitationLookup,
  organizations: invitationOrganizations.shape.data,
});
export type InvitationView = z.infer<typeof invitationView>;
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
  /**
   * BFF, public: the code is the secret, carried in the `X-Invitation-Code` header (the spec's
   * `GET /invitations/{code}` and `/invitations/{code}/organizations`, called by the BFF)
   */
  lookup: defineRoute({
    method: 'GET',
    path: '/invitations/current',
    kind: 'bff',
    auth: 'public',
    responses: { 200: invitationView, ...commonErrors },
  }),
  /** BFF: joins with the code of the header (the spec's `POST /organizations/add-member?code=`) */
  accept: defineRoute({
    method: 'POST',
    path: '/organizations/add-member',
    kind: 'bff',
    auth: 'session',
    responses: { 200: organization, 409: commonErrors[400], ...commonErrors },
  }),
} as const;
