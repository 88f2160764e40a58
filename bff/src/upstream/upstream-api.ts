import { errorCode } from '@evt/contracts/errors';
import { buildPath } from '@evt/contracts/http';
import type { Logger } from 'pino';
import { HttpError } from '../http/http-error';

export interface UpstreamAnswer {
  status: number;
  data: unknown;
}

export interface CallOptions {
  token?: string;
  /** values of the route's `:name` parameters (an e-mail address, a reset code...), URI-encoded here */
  params?: Record<string, string | number>;
  body?: unknown;
  requestId?: string;
  timeoutMs?: number;
}

/**
 * JSON calls to the REST upstream for the BFF's own handlers (login, register, membership checks...).
 * Answers every status below 500 to the caller; turns the rest into our errors: timeout 504, unreachable
 * 502 errors.connection, 5xx 502 errors.generic. The upstream body never goes further than the handler.
 * Callers name the upstream route by its pattern (`/user/newPassword/:code`) and pass the values apart,
 * so that the log lines written here can tell which call failed without a code or address in them.
 */
export class UpstreamApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
    private readonly onError: (
      kind: 'timeout' | 'unreachable' | 'status_5xx' | 'bad_answer',
    ) => void = () => {},
  ) {}

  async call(method: string, route: string, options: CallOptions = {}): Promise<UpstreamAnswer> {
    const about = { requestId: options.requestId, upstream: `${method} ${route}` };
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.requestId) headers['x-request-id'] = options.requestId;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(this.baseUrl + buildPath(route, options.params), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        this.onError('timeout');
        this.logger.warn(about, 'upstream timeout');
        throw new HttpError(504, errorCode.upstreamTimeout, undefined, { cause: error });
      }
      this.onError('unreachable');
      this.logger.error({ ...about, err: error }, 'upstream unreachable');
      throw new HttpError(502, errorCode.connection, undefined, { cause: error });
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      this.onError('status_5xx');
      this.logger.error({ ...about, status: response.status }, 'upstream failure');
      throw new HttpError(502, errorCode.generic);
    }
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        this.onError('bad_answer');
        data = null;
      }
    }
    return { status: response.status, data };
  }
}

/** The upstream's error code (`{ error: { code } }`), if any. */
export function upstreamErrorCode(data: unknown): string | undefined {
  const error = (data as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}
