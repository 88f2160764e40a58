import { errorCode } from '@evt/contracts/errors';
import type { OutsideFailureReason } from '@evt/contracts/outside-failures';
import { contractKey, type MessageKey } from './i18n/keys';

/** A failed `/api` call. `code` is an i18n key (`errors.*`), field messages are `validation.*` keys. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]>;
  readonly retryAfterSeconds: number | undefined;
  /** why a calendar or Zoom call failed (`calendar.reasons.*`), the message's `{{detail}}` */
  readonly reason: OutsideFailureReason | undefined;
  /** the Google account a meeting's Calendar event belongs to, the message's `{{account}}` */
  readonly googleAccount: string | undefined;

  constructor(input: {
    status: number;
    code: string;
    fieldErrors?: Record<string, string[]>;
    retryAfterSeconds?: number;
    reason?: OutsideFailureReason;
    googleAccount?: string;
  }) {
    super(input.code);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.fieldErrors = input.fieldErrors ?? {};
    this.retryAfterSeconds = input.retryAfterSeconds;
    this.reason = input.reason;
    this.googleAccount = input.googleAccount;
  }

  /** Network failures and server-side failures: worth a toast, the form itself is not at fault. */
  get isServerSide(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The i18n key to show for any thrown value. */
export function errorMessageKey(error: unknown): MessageKey {
  return isApiError(error) ? contractKey(error.code, errorCode.generic) : errorCode.generic;
}
