import {
  type BodyOf,
  buildPath,
  type ParamsOf,
  type QueryOf,
  type SuccessBody,
  type UpstreamRoute,
} from '@evt/contracts/http';
import { fieldErrors } from '@evt/contracts/validation';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { serializeQuery } from '../http/strict-query';
import type { UpstreamErrorKind } from '../observability/metrics';
import { endsSession, sessionEnded, type UpstreamError, upstreamFailure } from './error-codes';

/** The signed-in user a call is made for: their token, and how their session ends (cookie included). */
export interface UserCredential {
  token: string;
  endSession(): Promise<void>;
}

/** What a call of `route` takes: its params, query and body typed from the route's schemas. */
export type CallInput<R extends UpstreamRoute> = {
  requestId: string;
  timeoutMs?: number;
} & (ParamsOf<R> extends undefined ? { params?: undefined } : { params: ParamsOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query: QueryOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> }) &
  (R['auth'] extends 'user' ? { user: UserCredential } : { user?: undefined });

export interface UpstreamClientOptions {
  restUrl: string;
  webhookUrl: string;
  /** the shared header of `service` calls (the BFF's own credential) */
  serviceHeader: { name: string; value: string };
  timeoutMs: number;
  logger: Logger;
  onError?: (service: UpstreamRoute['service'], kind: UpstreamErrorKind) => void;
}

export interface UpstreamClient {
  /**
   * Calls an upstream route of the contract (contracts/src/upstream-routes.ts): params, query and body are
   * parsed with the route's schemas and the parsed values sent; the answer is parsed with the schema its
   * status declares. Every failure is an HttpError from the one map (error-codes.ts); a 401 to a `user`
   * call ends the session first.
   */
  call<R extends UpstreamRoute>(route: R, input: CallInput<R>): Promise<SuccessBody<R>>;
  /** The answer of a call made elsewhere (a streamed upload), through the same contract and map. */
  answer<R extends UpstreamRoute>(route: R, status: number, text: string, requestId: string): SuccessBody<R>;
  /** A failed call made elsewhere (a streamed upload): logged, counted and mapped like the others. */
  failed(route: UpstreamRoute, error: unknown, requestId: string): UpstreamError;
  /** for streamed calls: where the REST upstream is, the service header, the timeout */
  readonly restUrl: string;
  readonly serviceHeader: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

/** The one client of the BFF's own upstream calls (the proxy streams through proxy/forward.ts instead). */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { logger } = options;
  const serviceHeader = { [options.serviceHeader.name]: options.serviceHeader.value };
  const onError = options.onError ?? (() => {});
  const base = (route: UpstreamRoute) => (route.service === 'webhook' ? options.webhookUrl : options.restUrl);
  // a log line names the route by its pattern: its values (codes, addresses, tokens) never reach a log
  const about = (route: UpstreamRoute, requestId: string) => ({
    requestId,
    upstream: `${route.method} ${route.path}`,
  });

  /** The call's parts parsed by the route's schemas; a part that fails is not sent. */
  function parsePart(route: UpstreamRoute, schema: z.ZodType | undefined, value: unknown): unknown {
    if (schema === undefined) return undefined;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw upstreamFailure({ kind: 'rejected', fieldErrors: fieldErrors(parsed.error) }, route);
    }
    return parsed.data;
  }

  function failed(route: UpstreamRoute, error: unknown, requestId: string): UpstreamError {
    if (error instanceof Error && error.name === 'TimeoutError') {
      onError(route.service, 'timeout');
      logger.warn(about(route, requestId), 'upstream timeout');
      return upstreamFailure({ kind: 'timeout' });
    }
    onError(route.service, 'unreachable');
    logger.error({ ...about(route, requestId), err: error }, 'upstream unreachable');
    return upstreamFailure({ kind: 'unreachable' });
  }

  function badAnswer(route: UpstreamRoute, requestId: string, details: object, what: string) {
    onError(route.service, 'bad_answer');
    logger.error({ ...about(route, requestId), ...details }, what);
    return upstreamFailure({ kind: 'bad_answer' });
  }

  function answer<R extends UpstreamRoute>(
    route: R,
    status: number,
    text: string,
    requestId: string,
  ): SuccessBody<R> {
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = Symbol.for('malformed');
    }
    if (!Object.hasOwn(route.responses, status)) {
      if (status >= 500) {
        onError(route.service, 'status_5xx');
        logger.error({ ...about(route, requestId), status }, 'upstream failure');
      } else if (status < 400) {
        throw badAnswer(route, requestId, { status }, 'upstream answered with an undeclared status');
      }
      throw upstreamFailure({ kind: 'status', status, body: data }, route);
    }
    const schema = route.responses[status];
    if (!schema) return undefined as SuccessBody<R>;
    if (typeof data === 'symbol')
      throw badAnswer(route, requestId, { status }, 'upstream sent malformed JSON');
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      // the paths only: an issue may quote the value
      const paths = parsed.error.issues.map((issue) => issue.path.join('.'));
      throw badAnswer(route, requestId, { status, paths }, 'upstream answer does not match its contract');
    }
    return parsed.data as SuccessBody<R>;
  }

  async function call<R extends UpstreamRoute>(route: R, input: CallInput<R>): Promise<SuccessBody<R>> {
    const params = parsePart(route, route.params, input.params) as
      | Record<string, string | number>
      | undefined;
    const query = parsePart(route, route.query, input.query) as Record<string, unknown> | undefined;
    const body = parsePart(route, route.body, input.body);
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': input.requestId };
    if (route.auth === 'user' && input.user) headers.authorization = `Bearer ${input.user.token}`;
    if (route.auth === 'service') Object.assign(headers, serviceHeader);
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    try {
      const response = await fetch(base(route) + buildPath(route.path, params) + serializeQuery(query), {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(input.timeoutMs ?? options.timeoutMs),
        redirect: 'manual',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw failed(route, error, input.requestId);
    }
    if (input.user && endsSession(route, status)) throw await sessionEnded(() => input.user!.endSession());
    return answer(route, status, text, input.requestId);
  }

  return {
    call,
    answer,
    failed,
    restUrl: options.restUrl,
    serviceHeader,
    timeoutMs: options.timeoutMs,
  };
}
