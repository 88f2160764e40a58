import type { OutsideFailureReason } from '@evt/contracts/outside-failures';
import type { ErrorCode } from '@evt/contracts/errors';

export interface ErrorDetails {
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** why a calendar or Zoom call failed (a `calendar.reasons.*` key): fills the message's `{{detail}}` */
  reason?: OutsideFailureReason;
  /** the Google account a meeting's Calendar event belongs to, when its connection is gone */
  googleAccount?: string;
}

/** Thrown by handlers; the error middleware turns it into `{ error: { code, message, details } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly details?: ErrorDetails,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'HttpError';
  }
}
