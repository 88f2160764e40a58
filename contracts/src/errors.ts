/**
 * Error codes the BFF answers with in `{ error: { code } }`. Each is an i18n key in locales/; the BFF's
 * `message` is the English text of the same key, for logs and API clients. The SPA shows the key's text.
 */
export const errorCode = {
  /** spec: toast 'Connection error' / 'Unable to process your request. Please try again.' */
  connection: 'errors.connection',
  /** spec: 'An error occurred. Please try again later.' */
  generic: 'errors.generic',
  upstreamTimeout: 'errors.upstreamTimeout',
  validation: 'errors.validation',
  malformedJson: 'errors.malformedJson',
  /** a query with repeated keys, array syntax, `;` or too many parameters */
  ambiguousQuery: 'errors.ambiguousQuery',
  /** a path with a `%` escape that does not decode (`/api/public/events/%ff`) */
  malformedUrl: 'errors.malformedUrl',
  unauthenticated: 'errors.unauthenticated',
  sessionExpired: 'errors.sessionExpired',
  forbidden: 'errors.forbidden',
  /** the route's event feature (/admin/features, feature-access.ts) is switched off; `details.feature` names it */
  featureOff: 'errors.featureOff',
  /** a visitor's part of a switched-off feature: closed, in the visitor's words */
  partClosed: 'errors.partClosed',
  csrf: 'errors.csrf',
  notFound: 'errors.notFound',
  routeNotFound: 'errors.routeNotFound',
  conflict: 'errors.conflict',
  rateLimited: 'errors.rateLimited',
  /** too many refused passwords for one account: a wait that grows, given in details.retryAfterSeconds */
  signInDelayed: 'errors.signInDelayed',
  /** a registration kiosk's staff PIN did not match (the tries are limited) */
  kioskPinWrong: 'errors.kioskPinWrong',
  payloadTooLarge: 'errors.payloadTooLarge',
  unsupportedMediaType: 'errors.unsupportedMediaType',
  /** an image over the pixel budget (a decompression bomb for the browsers that would show it) */
  imageTooLarge: 'errors.imageTooLarge',
  sessionStoreUnavailable: 'errors.sessionStoreUnavailable',
  /** the sign-in limits cannot be counted: refused rather than unlimited */
  rateLimitUnavailable: 'errors.rateLimitUnavailable',
  invalidCredentials: 'errors.invalidCredentials',
  emailNotVerified: 'errors.emailNotVerified',
  /** spec: 'Error creating your account.' */
  registerFailed: 'errors.registerFailed',
  invalidCode: 'errors.invalidCode',
  internal: 'errors.internal',
  /** public registration */
  formNotFound: 'errors.formNotFound',
  formClosed: 'errors.formClosed',
  /** a form past its closing date (docs/decisions/registration.md) */
  formDeadlinePassed: 'errors.formDeadlinePassed',
  /** a form whose places are all taken, without a waiting list */
  formFull: 'errors.formFull',
  /** a form people registered through: it is closed, not removed */
  formInUse: 'errors.formInUse',
  linkExpired: 'errors.linkExpired',
  linkUnknown: 'errors.linkUnknown',
  /** The organisation's only owner cannot be removed nor demoted */
  lastOwner: 'errors.lifecycle.lastOwner',
  /** An event status change its current status does not allow (an archived event is not published) */
  invalidTransition: 'errors.lifecycle.invalidTransition',
  /** the B2B programme's refusals, in words a visitor understands (locales `b2b.errors`) */
  b2bSelf: 'b2b.errors.self',
  b2bDeclined: 'b2b.errors.declined',
  b2bCap: 'b2b.errors.cap',
  b2bFrozen: 'b2b.errors.frozen',
  b2bDuplicate: 'b2b.errors.duplicate',
  /** a fourth must-meet request (contracts/src/b2b.ts MUST_MEET_MAX), or one the caller did not send */
  b2bMustMeetLimit: 'b2b.errors.mustMeetLimit',
  b2bLinkUnknown: 'b2b.errors.linkUnknown',
  b2bLinkExpired: 'b2b.errors.linkExpired',
  /** an exhibitor's lead-scanning link (locales `leads.space.errors`) */
  exhibitorLinkUnknown: 'leads.space.errors.linkUnknown',
  exhibitorLinkExpired: 'leads.space.errors.linkExpired',
  b2bRunning: 'b2b.errors.running',
  b2bNotFrozen: 'b2b.errors.notFrozen',
  b2bMoveSlotTaken: 'b2b.errors.move.slot_taken',
  b2bMoveNoCommonSlot: 'b2b.errors.move.no_common_slot',
  b2bMovePartnerFull: 'b2b.errors.move.partner_full',
  b2bMoveTablesFull: 'b2b.errors.move.tables_full',
  b2bMoveQuotaReached: 'b2b.errors.move.quota_reached',
  /** a profile edit once the programme is frozen (locales `b2b.errors`) */
  b2bProfileFrozen: 'b2b.errors.profileFrozen',
  /**
   * spec section 8, the calendar's errors; `details.reason` says why (a `calendar.reasons.*` key, never
   * Google's own text), and fills the spec's 'Erreur création meeting: ...'
   */
  calendarForbidden: 'calendar.errors.forbidden',
  calendarTokenExpired: 'calendar.errors.tokenExpired',
  calendarCreateFailed: 'calendar.errors.createFailed',
  calendarUpdateFailed: 'calendar.errors.updateFailed',
  calendarDeleteFailed: 'calendar.errors.deleteFailed',
  calendarOauthFailed: 'calendar.errors.oauthFailed',
  calendarNotInitialised: 'calendar.errors.notInitialised',
  calendarNotConnected: 'calendar.errors.notConnected',
  calendarUserInfoFailed: 'calendar.errors.userInfoFailed',
  calendarNotAuthenticated: 'calendar.errors.notAuthenticated',
  /** the stored connection cannot be decrypted here (its key is not configured): it must be renewed */
  calendarConnectionUnreadable: 'calendar.errors.connectionUnreadable',
  /**
   * the meeting's Calendar event belongs to another Google connection (`details.googleAccount`) that is
   * gone, broken or now another account: nothing was changed
   */
  calendarOwnerDisconnected: 'calendar.errors.ownerDisconnected',
  /** the zoom-meeting service's failures, `details.reason` saying which */
  zoomCreateFailed: 'calendar.errors.zoomCreateFailed',
  zoomUpdateFailed: 'calendar.errors.zoomUpdateFailed',
  zoomDeleteFailed: 'calendar.errors.zoomDeleteFailed',
  /** an API key (api-keys.ts) and a session cookie on one request: one credential only */
  apiKeyWithSession: 'errors.apiKeyWithSession',
  /** a route an API key may not call, or outside the key's organisation or scopes */
  apiKeyRefused: 'errors.apiKeyRefused',
} as const;
export type ErrorCode = (typeof errorCode)[keyof typeof errorCode];
