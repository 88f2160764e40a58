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
  /** a query with repeated keys, array syntax, `;` or too many parameters (issue 17) */
  ambiguousQuery: 'errors.ambiguousQuery',
  unauthenticated: 'errors.unauthenticated',
  sessionExpired: 'errors.sessionExpired',
  forbidden: 'errors.forbidden',
  csrf: 'errors.csrf',
  notFound: 'errors.notFound',
  routeNotFound: 'errors.routeNotFound',
  conflict: 'errors.conflict',
  rateLimited: 'errors.rateLimited',
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
  /** public registration (issue 4) */
  formNotFound: 'errors.formNotFound',
  formClosed: 'errors.formClosed',
  linkExpired: 'errors.linkExpired',
  linkUnknown: 'errors.linkUnknown',
  /** issue 16: the organisation's only owner cannot be removed nor demoted */
  lastOwner: 'errors.lifecycle.lastOwner',
  /** issue 16: an event status change its current status does not allow (an archived event is not published) */
  invalidTransition: 'errors.lifecycle.invalidTransition',
} as const;
export type ErrorCode = (typeof errorCode)[keyof typeof errorCode];
