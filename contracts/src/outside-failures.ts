/**
 * Why a call to Google or to the zoom-meeting service failed, as the organiser reads it: each is a
 * `calendar.reasons.*` key that fills the spec's 'Erreur création meeting: ...' (never the service's own
 * text, which is English and may quote what was sent).
 */
export const OUTSIDE_FAILURE_REASONS = [
  /** no answer within the call's deadline */
  'timeout',
  /** refused connection, or a 5xx after the retries the deadline allowed */
  'unavailable',
  /** 429 (or Google's rateLimitExceeded) whose Retry-After does not fit in the deadline */
  'rateLimited',
  /** a 200 whose body is not what the call answers */
  'malformed',
  /** the object is not (or no longer) there */
  'notFound',
  /** another refusal (Google's 400, 409...) */
  'refused',
  /** the code exchange: the code was already used, expired, or its verifier did not match */
  'codeRejected',
  /** nothing more is known */
  'unknown',
] as const;
export type OutsideFailureReason = (typeof OUTSIDE_FAILURE_REASONS)[number];
