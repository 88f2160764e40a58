import { type ErrorCode, errorCode } from '@evt/contracts/errors';
import type { UpstreamRoute } from '@evt/contracts/http';
import { type ErrorDetails, HttpError } from '../http/http-error';

/**
 * The one map from upstream failures to our errors, for the typed client (client.ts), the streamed proxy
 * (proxy/forward.ts) and the streamed uploads alike. The upstream's own text never reaches the browser:
 * only its status, a code from the short allowlist below and field errors that are our i18n keys.
 */

/** What went wrong with an upstream call. */
export type UpstreamFailure =
  /** no answer within UPSTREAM_TIMEOUT_MS */
  | { kind: 'timeout' }
  /** refused, reset or unresolvable connection */
  | { kind: 'unreachable' }
  /** an answer that is not JSON, or not what the route's contract declares for its status */
  | { kind: 'bad_answer' }
  /** an error status (its JSON body, when it had one) */
  | { kind: 'status'; status: number; body?: unknown }
  /** the call itself fails the route's schema: it would be refused, so it is not sent */
  | { kind: 'rejected'; fieldErrors: Record<string, string[]> };

/** An HttpError that came from the upstream: what it said stays known to the handler, never to the browser. */
export class UpstreamError extends HttpError {
  constructor(
    status: number,
    code: ErrorCode,
    details: ErrorDetails | undefined,
    /** the upstream's status (undefined: no answer) and its error code, for handlers that treat one apart */
    readonly upstream: { status?: number; code?: string },
  ) {
    super(status, code, details);
    this.name = 'UpstreamError';
  }
}

/** Whether an error is the upstream's answer with one of these statuses. */
export function isUpstreamStatus(error: unknown, ...statuses: number[]): error is UpstreamError {
  return (
    error instanceof UpstreamError &&
    error.upstream.status !== undefined &&
    statuses.includes(error.upstream.status)
  );
}

/**
 * Upstream error codes that tell the browser more than the status alone, and the code each becomes. Only
 * these are read from an upstream error's body; its message and anything else never reach the browser.
 */
const KNOWN: Record<string, ErrorCode> = {
  form_closed: errorCode.formClosed,
  form_deadline_passed: errorCode.formDeadlinePassed,
  form_full: errorCode.formFull,
  form_in_use: errorCode.formInUse,
  part_closed: errorCode.partClosed,
  link_expired: errorCode.linkExpired,
  unknown_link: errorCode.linkUnknown,
  payload_too_large: errorCode.payloadTooLarge,
  unsupported_media_type: errorCode.unsupportedMediaType,
  image_too_large: errorCode.imageTooLarge,
  email_not_verified: errorCode.emailNotVerified,
  last_owner: errorCode.lastOwner,
  invalid_transition: errorCode.invalidTransition,
  b2b_self: errorCode.b2bSelf,
  b2b_declined: errorCode.b2bDeclined,
  b2b_cap: errorCode.b2bCap,
  b2b_frozen: errorCode.b2bFrozen,
  b2b_profile_frozen: errorCode.b2bProfileFrozen,
  b2b_duplicate: errorCode.b2bDuplicate,
  b2b_must_meet_limit: errorCode.b2bMustMeetLimit,
  b2b_link_unknown: errorCode.b2bLinkUnknown,
  b2b_link_expired: errorCode.b2bLinkExpired,
  exhibitor_link_unknown: errorCode.exhibitorLinkUnknown,
  exhibitor_link_expired: errorCode.exhibitorLinkExpired,
  b2b_running: errorCode.b2bRunning,
  b2b_not_frozen: errorCode.b2bNotFrozen,
  b2b_move_slot_taken: errorCode.b2bMoveSlotTaken,
  b2b_move_no_common_slot: errorCode.b2bMoveNoCommonSlot,
  b2b_move_partner_full: errorCode.b2bMovePartnerFull,
  b2b_move_tables_full: errorCode.b2bMoveTablesFull,
  b2b_move_quota_reached: errorCode.b2bMoveQuotaReached,
};

/** Client errors by status, when neither the upstream's code nor the route says more. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: errorCode.validation,
  403: errorCode.forbidden,
  404: errorCode.notFound,
  409: errorCode.conflict,
  410: errorCode.notFound,
  413: errorCode.payloadTooLarge,
  415: errorCode.unsupportedMediaType,
  422: errorCode.validation,
  429: errorCode.rateLimited,
};

/** The upstream's error code (`{ error: { code } }`), if any. */
export function upstreamErrorCode(data: unknown): string | undefined {
  const error = (data as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}

/** Our code for an upstream error answer (`{ error: { code } }`), when it is one of the known ones. */
export function knownUpstreamCode(data: unknown): ErrorCode | undefined {
  const code = upstreamErrorCode(data);
  return code && Object.hasOwn(KNOWN, code) ? KNOWN[code] : undefined;
}

const I18N_KEY = /^(validation|mailings\.errors)\.[A-Za-z0-9_.]{1,60}$/;
const FIELD = /^[A-Za-z0-9_.]{1,100}$/;

/** The upstream's field errors, only when every field is a plain path and every message one of our keys. */
function fieldErrorsOf(data: unknown): Record<string, string[]> | undefined {
  const raw = (data as { error?: { details?: { fieldErrors?: unknown } } } | null)?.error?.details
    ?.fieldErrors;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw);
  if (entries.length === 0 || entries.length > 100) return undefined;
  const ok = entries.every(
    ([field, keys]) =>
      FIELD.test(field) &&
      Array.isArray(keys) &&
      keys.every((key) => typeof key === 'string' && I18N_KEY.test(key)),
  );
  return ok ? (Object.fromEntries(entries) as Record<string, string[]>) : undefined;
}

/**
 * Our error for an upstream failure: timeout 504 `errors.upstreamTimeout`; unreachable 502
 * `errors.connection`; a malformed answer, a 5xx, a redirect or a 401 on a call that holds no session 502
 * `errors.generic`; another refusal keeps its status with the upstream's known code, else what the route
 * declares for it (`UpstreamRoute.errors`), else one by status. A call refused by its own schema is
 * answered as the route's 400 would be. (An upstream 401 to a call made with the session's token ends the
 * session first: client.ts and proxy/forward.ts, through `sessionEnded`.)
 */
export function upstreamFailure(
  failure: UpstreamFailure,
  route?: Pick<UpstreamRoute, 'errors'>,
): UpstreamError {
  switch (failure.kind) {
    case 'timeout':
      return new UpstreamError(504, errorCode.upstreamTimeout, undefined, {});
    case 'unreachable':
      return new UpstreamError(502, errorCode.connection, undefined, {});
    case 'bad_answer':
      return new UpstreamError(502, errorCode.generic, undefined, {});
    case 'rejected': {
      const declared = route?.errors?.[400];
      if (declared) return refusal(declared, 400, undefined, {});
      return new UpstreamError(400, errorCode.validation, { fieldErrors: failure.fieldErrors }, {});
    }
    case 'status':
      return fromStatus(failure.status, failure.body, route);
  }
}

function fromStatus(status: number, body: unknown, route?: Pick<UpstreamRoute, 'errors'>): UpstreamError {
  const upstream = { status, code: upstreamErrorCode(body) };
  const declared = route?.errors?.[status];
  const known = knownUpstreamCode(body);
  if (status >= 400 && status < 500 && known) return new UpstreamError(status, known, undefined, upstream);
  if (declared) return refusal(declared, status, body, upstream);
  if (status < 400 || status >= 500 || status === 401) {
    return new UpstreamError(502, errorCode.generic, undefined, upstream);
  }
  const code = BY_STATUS[status] ?? errorCode.generic;
  const fieldErrors = code === errorCode.validation ? fieldErrorsOf(body) : undefined;
  return new UpstreamError(status, code, fieldErrors ? { fieldErrors } : undefined, upstream);
}

function refusal(
  declared: NonNullable<UpstreamRoute['errors']>[number],
  status: number,
  body: unknown,
  upstream: UpstreamError['upstream'],
): UpstreamError {
  const details: ErrorDetails = {};
  if (declared.retryAfterSeconds !== undefined) details.retryAfterSeconds = declared.retryAfterSeconds;
  const fieldErrors = declared.code === errorCode.validation ? fieldErrorsOf(body) : undefined;
  if (fieldErrors) details.fieldErrors = fieldErrors;
  return new UpstreamError(
    declared.status ?? status,
    declared.code,
    Object.keys(details).length ? details : undefined,
    upstream,
  );
}

/**
 * The one rule for a call made with the session's token: an upstream 401 (or a status its route says the
 * same of) ends the session in the store, on every instance, and clears the browser's cookie (`end` does
 * both: session/end-session.ts); the answer is 401 `errors.sessionExpired` even when the store fails.
 */
export async function sessionEnded(end: () => Promise<void>): Promise<HttpError> {
  await end().catch(() => undefined);
  return new HttpError(401, errorCode.sessionExpired);
}

/** The statuses that end the session on a route: 401 always, plus the route's own. */
export function endsSession(route: Pick<UpstreamRoute, 'endsSession'> | undefined, status: number): boolean {
  return status === 401 || (route?.endsSession?.includes(status) ?? false);
}
