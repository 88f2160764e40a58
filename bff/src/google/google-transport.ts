import type { OutsideFailureReason } from '@evt/contracts/outside-failures';
import { Gaxios, type GaxiosOptions, type GaxiosResponse } from 'gaxios';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { OutsideOutcome, OutsideTarget } from '../observability/metrics';

/**
 * How long Google may take. The proxy in front of the BFF gives up at 30 s (deploy/nginx.conf): one call
 * is cut at `callTimeoutMs`, and every call of one organiser request (token refresh, Calendar, the waits
 * Retry-After asks for) ends by `deadlineMs` after the request reached Google's code, so the organiser
 * reads the spec's message instead of a gateway error. The refresh lock outlives the deadline
 * (`lockTtlMs`), so no other instance refreshes while a holder may still be waiting for Google.
 */
export interface GoogleTimings {
  callTimeoutMs: number;
  deadlineMs: number;
}
export const GOOGLE_TIMINGS: GoogleTimings = { callTimeoutMs: 8_000, deadlineMs: 15_000 };
export const lockTtlMs = (timings: GoogleTimings) => timings.deadlineMs + 5_000;

/** One organiser request's calls to Google: who, which request, and by when everything must be over. */
export interface GoogleCall {
  userId: number;
  requestId: string;
  /** epoch ms */
  deadline: number;
}

export type ObserveOutsideCall = (target: OutsideTarget, outcome: OutsideOutcome, seconds: number) => void;

/** What Google answered (or did not), read from a gaxios error. */
export interface GoogleFailure {
  /** 0: no answer */
  status: number;
  /** the API's reason (`rateLimitExceeded`) or OAuth's error (`invalid_grant`) */
  reason: string;
  oauthError: string | null;
  /** seconds, when Google sent Retry-After */
  retryAfterSeconds: number | null;
  outcome: OutsideOutcome;
}

const isAbort = (error: unknown): boolean => {
  for (let e = error as { name?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.name === 'AbortError' || e.name === 'TimeoutError') return true;
    e = e.cause as typeof e;
  }
  return false;
};

function retryAfterOf(headers: unknown): number | null {
  const get = (headers as { get?: unknown } | null)?.get;
  const value =
    typeof get === 'function'
      ? (get.call(headers, 'retry-after') as string | null)
      : ((headers as Record<string, string> | null)?.['retry-after'] ?? null);
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

export function googleFailure(error: unknown): GoogleFailure {
  if (error instanceof MalformedAnswer) {
    return { status: 200, reason: '', oauthError: null, retryAfterSeconds: null, outcome: 'malformed' };
  }
  const response = (error as { response?: { status?: number; data?: unknown; headers?: unknown } }).response;
  if (!response || typeof response.status !== 'number') {
    const outcome = isAbort(error) ? 'timeout' : 'unreachable';
    return { status: 0, reason: '', oauthError: null, retryAfterSeconds: null, outcome };
  }
  const status = response.status;
  const data = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as {
    error?: string | { errors?: { reason?: string }[] };
  };
  const oauthError = typeof data.error === 'string' ? data.error : null;
  const reason = oauthError ?? (typeof data.error === 'object' ? (data.error.errors?.[0]?.reason ?? '') : '');
  const outcome: OutsideOutcome =
    status === 429 ? 'status_429' : status >= 500 ? 'status_5xx' : status >= 400 ? 'status_4xx' : 'malformed';
  return { status, reason, oauthError, retryAfterSeconds: retryAfterOf(response.headers), outcome };
}

/** A 200 whose body is not what the call answers: as much a failure as a 500. */
export class MalformedAnswer extends Error {
  constructor(readonly paths: string[]) {
    super('malformed answer');
    this.name = 'MalformedAnswer';
  }
}

/** Why a failure happened, in the organiser's words (`calendar.reasons.*`). */
export function reasonOf(failure: GoogleFailure): OutsideFailureReason {
  switch (failure.outcome) {
    case 'timeout':
      return 'timeout';
    case 'unreachable':
    case 'status_5xx':
      return 'unavailable';
    case 'status_429':
      return 'rateLimited';
    case 'malformed':
      return 'malformed';
    default:
      if (failure.status === 403 && /rateLimitExceeded/i.test(failure.reason)) return 'rateLimited';
      return failure.status === 404 || failure.status === 410 ? 'notFound' : 'refused';
  }
}

/**
 * Google's HTTP client for one organiser request (every OAuth client of the request gets one): the
 * library's own retries off (it retries the single-use code exchange and ignores Retry-After; we retry
 * where it is safe, reading Retry-After), each call cut at the call timeout or the request's deadline,
 * and each call counted by target and outcome and logged with the request id and the organiser's id,
 * never a token or a URL (a revoke URL carries the token).
 */
export class GoogleTransport extends Gaxios {
  constructor(
    private readonly call: GoogleCall,
    private readonly target: OutsideTarget,
    private readonly timings: GoogleTimings,
    private readonly logger: Logger,
    private readonly observe: ObserveOutsideCall,
    /** what a successful answer must be (a DELETE's empty answer is not checked); null: not read */
    private readonly answer: z.ZodType | null,
  ) {
    super();
  }

  override async request<T = unknown>(opts: GaxiosOptions = {}): Promise<GaxiosResponse<T>> {
    const remaining = this.call.deadline - Date.now();
    const started = performance.now();
    const about = { requestId: this.call.requestId, organiserId: this.call.userId, target: this.target };
    if (remaining <= 0) {
      this.observe(this.target, 'timeout', 0);
      this.logger.warn(about, 'google: deadline spent before the call');
      throw Object.assign(new Error('deadline spent'), { name: 'TimeoutError' });
    }
    try {
      const answer = await super.request<T>({
        ...opts,
        timeout: Math.min(this.timings.callTimeoutMs, remaining),
        retry: false,
        retryConfig: { retry: 0, noResponseRetries: 0 },
      });
      const seconds = (performance.now() - started) / 1000;
      if (this.answer && opts.method !== 'DELETE') {
        const parsed = this.answer.safeParse(answer.data);
        if (!parsed.success) {
          // the paths only: a value may be a token
          const paths = parsed.error.issues.map((issue) => issue.path.join('.'));
          this.observe(this.target, 'malformed', seconds);
          this.logger.error({ ...about, outcome: 'malformed', paths, seconds }, 'google: malformed answer');
          throw new MalformedAnswer(paths);
        }
        answer.data = parsed.data as T;
      }
      this.observe(this.target, 'ok', seconds);
      return answer;
    } catch (error) {
      if (error instanceof MalformedAnswer) throw error;
      const failure = googleFailure(error);
      const seconds = (performance.now() - started) / 1000;
      this.observe(this.target, failure.outcome, seconds);
      this.logger.warn(
        { ...about, outcome: failure.outcome, status: failure.status, reason: failure.reason, seconds },
        'google: call failed',
      );
      throw error;
    }
  }
}
