import { errorCode } from '@evt/contracts/errors';
import { contractKey, type MessageKey } from './i18n/keys';

/** A failed `/api` call. `code` is an i18n key (`errors.*`), field messages are `validation.*` keys. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]>;
  readonly retryAfterSeconds: number | undefined;
  /** a calendar failure's reason as Google gave it */
  readonly detail: string | undefined;

  constructor(input: {
    status: number;
    code: string;
    fieldErrors?: Record<string, string[]>;
    retryAfterSeconds?: number;
    detail?: string;
  }) {
    super(input.code);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.fieldErrors = input.fieldErrors ?? {};
    this.retryAfterSeconds = input.retryAfterSeconds;
    this.detail = input.detail;
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
