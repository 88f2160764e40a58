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
  sessionStoreUnavailable: 'errors.sessionStoreUnavailable',
  invalidCredentials: 'errors.invalidCredentials',
  emailNotVerified: 'errors.emailNotVerified',
  emailTaken: 'errors.emailTaken',
  /** spec: 'Error creating your account.' */
  registerFailed: 'errors.registerFailed',
  invalidCode: 'errors.invalidCode',
  internal: 'errors.internal',
  /** public registration (issue 4) */
  formNotFound: 'errors.formNotFound',
  formClosed: 'errors.formClosed',
  linkExpired: 'errors.linkExpired',
  linkUnknown: 'errors.linkUnknown',
} as const;
export type ErrorCode = (typeof errorCode)[keyof typeof errorCode];
