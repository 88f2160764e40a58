import { apiKeyUpstreamRoutes } from './api-keys';
import { z } from 'zod';
import { user } from './auth';
import { badgeModelList, badgePeoplePage, badgePeopleQuery } from './badges';
import { checkinRegistrationBody, checkinResult } from './checkin';
import { type AutomationMethod, type AutomationOperationName, automationOperations } from './automation';
import { badgeSendingUpstreamRoutes } from './badge-sending';
import { checkinDeviceUpstreamRoutes } from './checkin-offline';
import { leadUpstreamRoutes } from './leads';
import { dataRightsUpstreamRoutes } from './data-rights';
import { registrationExportUpstreamRoutes } from './registration-exports';
import { errorCode } from './errors';
import { event, eventParams } from './events';
import { eventFeatures, eventFeaturesBody } from './features';
import { defineUpstreamRoute, type RouteContract, type UpstreamRoute } from './http';
import { LOCALES } from './locale';
import { listOf, organization, orgParams } from './organizations';
import {
  accepted,
  telegramLinkBody,
  telegramLinked,
  upstreamConfirmBody,
  upstreamConfirmResult,
  publicEventDetails,
  publicEventParams,
  registrationParams,
  resendBody,
  uploadResult,
} from './public-registrations';
import {
  addUserBody,
  addUserResponse,
  codeParam,
  newPasswordBody,
  passwordResetMailBody,
  tokenResponse,
  upstreamLoginBody,
  userIdsQuery,
} from './upstream-auth';
import { b2bOnlineUpstreamRoutes } from './b2b-online';
import { b2bUpstreamRoutes } from './upstream-b2b';
import { infoRequestUpstreamRoutes } from './info-requests';
import { mailingUpstreamRoutes } from './mailings';
import { webhookUpstreamRoutes } from './webhooks';
import { allRoutes } from './routes';
import {
  eventForms,
  organizationCredential,
  organizationCredentialBody,
  zoomMeeting,
  zoomMeetingBody,
  zoomMeetingDeleteQuery,
  zoomMeetingUpdateBody,
  zoomMeetingUpdateQuery,
} from './upstream-automation';
import {
  googleBrokenMailBody,
  googleBrokenMailOutcome,
  meeting,
  meetingList,
  meetingParams,
  meetingsParams,
  meetingsQuery,
  upstreamMeetingBody,
} from './meetings';
import { memberRightsParams, memberTypeRightsParams, myPermissions, rightsGrantBody } from './rights';
import { publicProgramme } from './planning';
import { registrationActionParams, registrationRow, upstreamRegistrationActionBody } from './registrations';
import { changeMemberTypeBody, memberParams } from './members';
import {
  addMemberQuery,
  invitation,
  invitationLookup,
  invitationOrganizations,
  invitationsQuery,
  inviteBody,
  member,
  page,
  resendInvitationBody,
} from './upstream-members';
import { email, id } from './validation';

/**
 * The upstream calls the BFF makes for itself (spec section 7), typed like the SPA's routes: the BFF's
 * client (bff/src/upstream/client.ts) takes one of these, its typed params, query and body, and answers
 * the success body parsed with the declared schema. The proxied routes (routes.ts) stream through instead.
 */

/** `POST /public/events/{slug}/registrations/{kind}`: the kind's parsed fields and where the mail links to. */
export const upstreamRegistrationBody = z.object({
  locale: z.enum(LOCALES),
  formId: id().optional(),
  data: z.record(z.string(), z.unknown()),
  confirmUrl: z.url({ protocol: /^https?$/ }),
});
export const upstreamResendBody = resendBody.extend({ confirmUrl: z.url({ protocol: /^https?$/ }) });

/*
 * What the BFF decides on (a member type, an event's organisation, an invitation's id) is parsed with a
 * pick of the contract's schema: the fields it reads must be there and right, the others are not its
 * business. What it passes on to the browser is parsed whole, with the schema the browser's route declares.
 */
const orgRole = organization.pick({ id: true, memberType: true });
const eventOrg = event.pick({ id: true, organizationId: true });

const invalidCode = { 400: { code: errorCode.invalidCode }, 404: { code: errorCode.invalidCode } } as const;
/** the visitor's routes: an unknown event or form, a closed one */
const publicForm = {
  404: { code: errorCode.formNotFound },
  410: { code: errorCode.formClosed },
} as const;

export const upstreamRoutes = {
  login: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/auth/login',
    auth: 'none',
    body: upstreamLoginBody,
    responses: { 200: tokenResponse },
    errors: {
      400: { status: 401, code: errorCode.invalidCredentials },
      401: { code: errorCode.invalidCredentials },
      // `email_not_verified` (error-codes.ts) says more
      403: { code: errorCode.forbidden },
      429: { code: errorCode.rateLimited, retryAfterSeconds: 60 },
    },
  }),
  userinfo: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/auth/userinfo',
    auth: 'user',
    responses: { 200: user },
    // spec section 4: a refused user-info ends the session
    endsSession: [401, 403],
  }),
  logout: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/user/logout',
    auth: 'user',
    responses: { 200: null, 204: null },
  }),
  addUser: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/user/addUser',
    auth: 'none',
    body: addUserBody,
    responses: { 200: addUserResponse, 201: addUserResponse },
    errors: { 400: { code: errorCode.registerFailed }, 409: { code: errorCode.conflict } },
  }),
  sendPasswordResetMail: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/user/sendPasswordResetMail/:email',
    auth: 'none',
    params: z.object({ email: email() }),
    body: passwordResetMailBody,
    responses: { 200: null, 202: null, 204: null },
  }),
  newPassword: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/user/newPassword/:code',
    auth: 'none',
    params: codeParam,
    body: newPasswordBody,
    responses: { 200: null, 204: null },
    errors: invalidCode,
  }),
  verifyEmail: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/user/verifyEmail/:code',
    auth: 'none',
    params: codeParam,
    responses: { 200: null, 204: null },
    errors: invalidCode,
  }),
  organizations: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/organizations',
    auth: 'user',
    responses: { 200: listOf(orgRole) },
  }),
  organization: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/organizations/:id',
    auth: 'user',
    params: orgParams,
    responses: { 200: orgRole },
  }),
  invitations: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/organizations/:id/invitations',
    auth: 'user',
    params: orgParams,
    query: invitationsQuery,
    responses: { 200: page(invitation.pick({ id: true })) },
  }),
  event: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id',
    auth: 'user',
    params: eventParams,
    responses: { 200: eventOrg },
  }),
  /** the event a kiosk is switched on for: its visitor address and its end */
  kioskEvent: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id',
    auth: 'user',
    params: eventParams,
    responses: { 200: event.pick({ id: true, slug: true, endDate: true }) },
  }),
  /** extension: the caller's permissions in the event of an event, team, project or task */
  permissions: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/permissions/:scope/:id',
    auth: 'user',
    params: z.object({ scope: z.enum(['events', 'teams', 'projects', 'tasks']), id: id() }),
    responses: { 200: myPermissions },
  }),
  /** extension: switch an event's features (/admin/features); the BFF then announces it as a rights change */
  setFeatures: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/events/:id/features',
    auth: 'user',
    params: eventParams,
    body: eventFeaturesBody,
    responses: { 200: eventFeatures },
  }),
  setMemberTypeRights: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/events/:id/rights/member-types/:typeId',
    auth: 'user',
    params: memberTypeRightsParams,
    body: rightsGrantBody,
    responses: { 204: null },
  }),
  setMemberRights: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/events/:id/rights/members/:userId',
    auth: 'user',
    params: memberRightsParams,
    body: rightsGrantBody,
    responses: { 204: null },
  }),
  /** extensions: a member's type and a member's removal (the BFF then drops every cached access) */
  changeMemberType: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/organizations/:id/members/:userId',
    auth: 'user',
    params: memberParams,
    body: changeMemberTypeBody,
    responses: { 200: member },
  }),
  removeMember: defineUpstreamRoute({
    service: 'rest',
    method: 'DELETE',
    path: '/organizations/:id/members/:userId',
    auth: 'user',
    params: memberParams,
    responses: { 204: null },
  }),
  setOrganizationMemberTypeRights: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/organizations/:id/rights/member-types/:typeId',
    auth: 'user',
    params: memberTypeRightsParams,
    body: rightsGrantBody,
    responses: { 204: null },
  }),
  setOrganizationMemberRights: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/organizations/:id/rights/members/:userId',
    auth: 'user',
    params: memberRightsParams,
    body: rightsGrantBody,
    responses: { 204: null },
  }),
  /** which users are the organisation's members (403 for a caller who is not one): their ids only */
  organizationMemberIds: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/organizations/:id/members',
    auth: 'user',
    params: orgParams,
    responses: { 200: listOf(member.pick({ userId: true })) },
  }),
  /** spec: the accounts of these ids, among the users the caller shares an organisation with */
  usersByIds: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/user/profil/getUsers',
    auth: 'user',
    query: userIdsQuery,
    // the names are all the BFF passes on (members.ts `names`)
    responses: { 200: listOf(user.pick({ id: true, firstName: true, lastName: true })) },
  }),
  /** spec: an account by its address, among the users the caller shares an organisation with (else 404) */
  userByEmail: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/user/getUsers/email/:email',
    auth: 'user',
    params: z.object({ email: email() }),
    responses: { 200: user },
  }),
  invite: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/organizations/:id/members/invite',
    auth: 'user',
    params: orgParams,
    body: inviteBody,
    responses: { 200: invitation, 201: invitation },
  }),
  resendInvitation: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/invitations/:id/resend',
    auth: 'user',
    params: z.object({ id: id() }),
    body: resendInvitationBody,
    responses: { 200: invitation },
  }),
  /** spec, public: whoever holds the mailed code reads what it invites to */
  invitationByCode: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/invitations/:code',
    auth: 'none',
    params: addMemberQuery,
    responses: { 200: invitationLookup },
  }),
  invitationOrganizations: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/invitations/:code/organizations',
    auth: 'none',
    params: addMemberQuery,
    responses: { 200: invitationOrganizations },
  }),
  /** spec: the signed-in invitee joins (the code travels from the BFF to the upstream, never from the browser's URL) */
  addMember: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/organizations/add-member',
    auth: 'user',
    query: addMemberQuery,
    responses: { 200: organization },
    errors: { 409: { code: errorCode.conflict } },
  }),
  publicEvent: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/public/events/:slug',
    auth: 'service',
    params: publicEventParams,
    responses: {
      // extension: the event's forms switched off (/admin/features) closes every form to visitors
      200: publicEventDetails.extend({ formsOff: z.boolean().default(false) }),
    },
    errors: publicForm,
  }),
  /** extension: the event's public programme, for its page and its `.ics` */
  publicProgramme: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/public/events/:slug/programme',
    auth: 'service',
    params: publicEventParams,
    responses: { 200: publicProgramme },
    errors: { 404: { code: errorCode.notFound } },
  }),
  publicRegister: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/events/:slug/registrations/:kind',
    auth: 'service',
    params: registrationParams,
    body: upstreamRegistrationBody,
    responses: { 200: accepted, 202: accepted },
    errors: { ...publicForm, 409: { code: errorCode.formFull } },
  }),
  /** multipart, streamed by the BFF (routes/public/uploads.ts): only its answers are declared here */
  publicUpload: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/uploads',
    auth: 'service',
    responses: { 200: uploadResult, 201: uploadResult },
    errors: publicForm,
  }),
  /** a POST: it confirms the registration (the visitor's link is a GET of the BFF's page, not of this) */
  publicConfirm: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/registrations/confirm',
    auth: 'service',
    body: upstreamConfirmBody,
    responses: { 200: upstreamConfirmResult },
    errors: publicForm,
  }),
  publicResend: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/registrations/resend',
    auth: 'service',
    body: upstreamResendBody,
    responses: { 200: z.object({ status: z.literal('sent') }), 202: z.object({ status: z.literal('sent') }) },
    errors: publicForm,
  }),
  /** extension: an organiser's action on a registration that mails its person */
  registrationAction: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/registrations/:registrationId/:action',
    auth: 'user',
    params: registrationActionParams,
    body: upstreamRegistrationActionBody,
    responses: { 200: registrationRow },
  }),
  /**
   * extension: the job queue's periodic scan (bff/src/jobs/promotion-expiry.ts): promotions past their
   * deadline lose their place and the next waiting people are promoted (docs/decisions/registration.md)
   */
  expirePromotions: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/registration-promotions-expiry',
    auth: 'service',
    responses: { 200: z.object({ expired: z.number().int(), promoted: z.number().int() }) },
  }),
  /** the automation webhook's `GET event-forms?eventId=` (automation.ts), read for the visitors' pages */
  eventForms: defineUpstreamRoute({
    service: 'webhook',
    method: 'GET',
    path: '/event-forms',
    auth: 'service',
    query: z.object({ eventId: id() }),
    responses: { 200: eventForms },
  }),
  /** extensions: what a badge PDF draws, and the check-in a verified scan records */
  badgeEvent: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id',
    auth: 'user',
    params: eventParams,
    responses: { 200: event.pick({ id: true, organizationId: true, name: true, logo: true }) },
  }),
  badgeModels: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id/badge-models',
    auth: 'user',
    params: eventParams,
    responses: { 200: badgeModelList },
  }),
  badgePeople: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id/badge-people',
    auth: 'user',
    params: eventParams,
    query: badgePeopleQuery,
    responses: { 200: badgePeoplePage },
  }),
  checkIn: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/checkins',
    auth: 'user',
    params: eventParams,
    body: checkinRegistrationBody,
    responses: { 200: checkinResult },
  }),
  ...b2bUpstreamRoutes,
  ...b2bOnlineUpstreamRoutes,
  ...infoRequestUpstreamRoutes,
  /** extension: the event's meetings, written by the BFF after Google or the zoom webhook answered */
  meetings: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id/meetings',
    auth: 'user',
    params: meetingsParams,
    query: meetingsQuery,
    responses: { 200: meetingList },
  }),
  meeting: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/events/:id/meetings/:meetingId',
    auth: 'user',
    params: meetingParams,
    responses: { 200: meeting },
  }),
  createMeeting: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/meetings',
    auth: 'user',
    params: meetingsParams,
    body: upstreamMeetingBody,
    /** 200: the meeting of the same `requestKey`, made by an earlier call */
    responses: { 200: meeting, 201: meeting },
  }),
  updateMeeting: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/events/:id/meetings/:meetingId',
    auth: 'user',
    params: meetingParams,
    body: upstreamMeetingBody,
    responses: { 200: meeting },
  }),
  deleteMeeting: defineUpstreamRoute({
    service: 'rest',
    method: 'DELETE',
    path: '/events/:id/meetings/:meetingId',
    auth: 'user',
    params: meetingParams,
    responses: { 204: null },
  }),
  /**
   * the automation webhook's organisation credential (spec: GET ?id=, POST with id), called by the BFF's
   * owners-only routes (organization-credentials.ts), which answer the browser masked values: it is not a
   * gateway operation, since the gateway hands the webhook's answer on as it comes. 404: none stored yet.
   */
  organizationCredential: defineUpstreamRoute({
    service: 'webhook',
    method: 'GET',
    path: '/organization-credential',
    auth: 'service',
    query: z.object({ id: id() }),
    responses: { 200: organizationCredential },
  }),
  /** replaces the whole stored object: the BFF sends every credential it keeps */
  saveOrganizationCredential: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/organization-credential',
    auth: 'service',
    query: z.object({ id: id() }),
    body: organizationCredentialBody,
    responses: { 200: organizationCredential },
  }),
  /** the automation webhook's zoom-meeting (automation.ts), called by the BFF after the event check */
  createZoomMeeting: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/zoom-meeting',
    auth: 'service',
    query: z.object({ eventId: id() }),
    body: zoomMeetingBody,
    responses: { 200: zoomMeeting, 201: zoomMeeting },
  }),
  /** extension: a meeting's topic, start and duration replaced (the Zoom meetings page's edit) */
  updateZoomMeeting: defineUpstreamRoute({
    service: 'webhook',
    method: 'PUT',
    path: '/zoom-meeting',
    auth: 'service',
    query: zoomMeetingUpdateQuery,
    body: zoomMeetingUpdateBody,
    responses: { 200: zoomMeeting },
  }),
  deleteZoomMeeting: defineUpstreamRoute({
    service: 'webhook',
    method: 'DELETE',
    path: '/zoom-meeting',
    auth: 'service',
    query: zoomMeetingDeleteQuery,
    responses: { 200: null, 204: null },
  }),
  /** extension: the Telegram bot (a service outside this project) names the chat that sent a start token */
  telegramLink: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/telegram-link',
    auth: 'service',
    body: telegramLinkBody,
    responses: { 200: telegramLinked },
    errors: { 404: { code: errorCode.linkUnknown } },
  }),
  /** extension: mail the organiser whose Google grant broke, at most once per breakage */
  googleBrokenMail: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/google-broken-mail',
    auth: 'service',
    body: googleBrokenMailBody,
    responses: { 200: googleBrokenMailOutcome },
  }),
} as const;
export type UpstreamRouteName = keyof typeof upstreamRoutes;

type Operations = typeof automationOperations;
type RequestOf<N extends AutomationOperationName, M> = M extends keyof Operations[N]['requests']
  ? Operations[N]['requests'][M]
  : never;
/** One method of an automation operation as a webhook route (the gateway streams its answer back as is). */
export interface AutomationRoute<N extends AutomationOperationName, M extends AutomationMethod> {
  readonly service: 'webhook';
  readonly method: M;
  readonly path: string;
  readonly auth: 'service';
  readonly query: RequestOf<N, M> extends { query: infer Q extends z.ZodType } ? Q : never;
  readonly body: RequestOf<N, M> extends { body: infer B extends z.ZodType } ? B : undefined;
  readonly responses: { readonly 200: z.ZodUnknown; readonly 201: z.ZodUnknown; readonly 204: null };
}

/** The webhook route of an automation operation's method (automation.ts), what the BFF's gateway forwards to. */
export function automationRoute<
  N extends AutomationOperationName,
  M extends Extract<keyof Operations[N]['requests'], AutomationMethod>,
>(name: N, method: M): AutomationRoute<N, M> {
  const operation = automationOperations[name];
  const request = (operation.requests as Record<string, { query: z.ZodType; body?: z.ZodType }>)[method];
  if (!request) throw new Error(`automation operation ${name} has no ${method}`);
  return {
    service: 'webhook',
    method,
    path: `/${operation.path}`,
    auth: 'service',
    query: request.query,
    body: request.body,
    responses: { 200: z.unknown(), 201: z.unknown(), 204: null },
  } as AutomationRoute<N, M>;
}

/** A route of the reference upstream's contract: one the BFF calls itself, or one the BFF proxies. */
export type UpstreamContractRoute = UpstreamRoute | RouteContract;

/**
 * Every route the reference upstream answers: the BFF's own calls (the tables above and those of the job
 * queue), the SPA's proxied routes (answered at their `upstreamPath`, else their path) and the automation
 * operations. The upstream mounts each from here and nothing else (upstream/src/http/mount.ts); several
 * entries may name one route (a pick of the same answer), which is mounted once.
 */
export function upstreamContract(): UpstreamContractRoute[] {
  const tables = [
    upstreamRoutes,
    mailingUpstreamRoutes,
    badgeSendingUpstreamRoutes,
    registrationExportUpstreamRoutes,
    checkinDeviceUpstreamRoutes,
    dataRightsUpstreamRoutes,
    apiKeyUpstreamRoutes,
    webhookUpstreamRoutes,
    leadUpstreamRoutes,
  ];
  const automation = Object.entries(automationOperations).flatMap(([name, operation]) =>
    Object.keys(operation.requests).map((method) =>
      automationRoute(name as AutomationOperationName, method as never),
    ),
  );
  return [
    ...tables.flatMap((table) => Object.values(table) as UpstreamRoute[]),
    ...allRoutes().filter((route) => route.kind === 'proxy'),
    ...automation,
  ];
}
