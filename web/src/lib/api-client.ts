import { errorCode } from '@evt/contracts/errors';
import {
  type BodyOf,
  buildPath,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  errorBody,
  type ParamsOf,
  type QueryOf,
  type RouteContract,
  type SuccessBody,
} from '@evt/contracts/http';
import { ApiError } from './api-error';
import { notifyUnauthorized } from './unauthorized';

export const API_PREFIX = '/api';

/** Routes whose 401 is an answer, not a lost session: asking who is signed in, and signing in. */
const SESSION_PROBES = new Set(['/auth/me', '/auth/login']);

type Options<R extends RouteContract> = {
  signal?: AbortSignal;
} & (ParamsOf<R> extends undefined ? { params?: undefined } : { params: ParamsOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls a BFF route described in the contracts. The success body is parsed with the route's schema, so a
 * caller only ever sees data of the declared type; failures become an ApiError.
 */
export async function apiRequest<R extends RouteContract>(
  route: R,
  ...[options]: Options<R> extends { params: unknown } | { body: unknown } ? [Options<R>] : [Options<R>?]
): Promise<SuccessBody<R>> {
  const opts = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = `${API_PREFIX}${buildPath(route.path, opts.params)}${queryString(opts.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (route.method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: errorCode.connection });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const parsed = errorBody.safeParse(payload);
    if (response.status === 401 && !SESSION_PROBES.has(route.path)) notifyUnauthorized();
    if (!parsed.success) {
      const code = response.status >= 500 ? errorCode.connection : errorCode.generic;
      throw new ApiError({ status: response.status, code });
    }
    const { code, details } = parsed.data.error;
    throw new ApiError({
      status: response.status,
      code,
      fieldErrors: details?.fieldErrors,
      retryAfterSeconds: details?.retryAfterSeconds,
    });
  }

  const schema = route.responses[response.status];
  if (!schema) return undefined as SuccessBody<R>;
  return schema.parse(payload) as SuccessBody<R>;
}
