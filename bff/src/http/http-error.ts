import type { ErrorCode } from '@evt/contracts/errors';

export interface ErrorDetails {
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** a calendar failure's reason as Google gave it */
  detail?: string;
  /** errors.featureOff: the event feature that is switched off */
  feature?: string;
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
