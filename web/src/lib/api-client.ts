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

/**
 * The web's one transport to the BFF: JSON calls with fetch, uploads with XMLHttpRequest (the only way to
 * see upload progress). Both send the same headers, read failures the same way and hand a lost session
 * (401) to the one handler the router registers.
 */
export const API_PREFIX = '/api';

/** Routes whose 401 is an answer, not a lost session: asking who is signed in, and signing in. */
const SESSION_PROBES = new Set(['/auth/me', '/auth/login']);

let onUnauthorized: (() => void) | undefined;

/**
 * The transport cannot reach the router (it is created later, and tests build their own): the router
 * registers what a 401 should do, clear the session and go to the login page.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

function requestHeaders(method: string, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (contentType) headers['content-type'] = contentType;
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A failed answer as an ApiError (the contracts' error body, or a code from the status alone). */
function failure(status: number, payload: unknown, path: string): ApiError {
  if (status === 401 && !SESSION_PROBES.has(path)) onUnauthorized?.();
  const parsed = errorBody.safeParse(payload);
  if (!parsed.success)
    return new ApiError({ status, code: status >= 500 ? errorCode.connection : errorCode.generic });
  const { code, details } = parsed.data.error;
  return new ApiError({
    status,
    code,
    fieldErrors: details?.fieldErrors,
    retryAfterSeconds: details?.retryAfterSeconds,
    reason: details?.reason,
    googleAccount: details?.googleAccount,
  });
}

const connectionLost = () => new ApiError({ status: 0, code: errorCode.connection });

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

interface SendInit {
  method?: string;
  query?: object;
  body?: BodyInit;
  contentType?: string;
  signal?: AbortSignal;
  /** a page's own credential header (a B2B company's personal link), added to the usual ones */
  headers?: Record<string, string>;
}

const READS_KEPT = 100;
const readsMade = new Set<string>();

function remember(address: string) {
  readsMade.delete(address);
  readsMade.add(address);
  if (readsMade.size > READS_KEPT) readsMade.delete(readsMade.values().next().value as string);
}

/**
 * The API reads this page made (the latest 100), for an offline page's service worker to keep: reads
 * only, where the browser's resource timings would also list a write's address (which a worker would then
 * fetch with a GET).
 */
export const apiReadsMade = (): string[] => [...readsMade];

/**
 * The one request to `API_PREFIX + path`: the same headers and credentials for every caller, a lost
 * connection as an ApiError, a failed answer read as an ApiError (401 handed to the router's handler).
 * Answers the successful Response, its body unread.
 */
async function open(path: string, init: SendInit): Promise<Response> {
  const method = init.method ?? 'GET';
  const address = `${API_PREFIX}${path}${queryString(init.query)}`;
  // a read that needs its page's own credential header cannot be fetched again without it
  if (method === 'GET' && !init.headers) remember(address);
  let response: Response;
  try {
    response = await fetch(address, {
      method,
      headers: { ...init.headers, ...requestHeaders(method, init.contentType) },
      credentials: 'same-origin',
      body: init.body,
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw connectionLost();
  }
  if (!response.ok) throw failure(response.status, parseJson(await response.text()), path);
  return response;
}

/** One call to `API_PREFIX + path`: the answer's status and JSON body, or an ApiError for a failure. */
export async function apiSend(
  path: string,
  init: SendInit = {},
): Promise<{ status: number; payload: unknown }> {
  const response = await open(path, init);
  return { status: response.status, payload: parseJson(await response.text()) };
}

/**
 * A streamed download (a badge PDF read while it is drawn, a person's zip): the successful Response with
 * its body to read, through the same door as every call, so a lost session or a refusal reads as for JSON
 * calls. A download that writes (an audited export) is a POST, which carries the CSRF header.
 */
export async function apiStream(
  path: string,
  init: { method?: 'GET' | 'POST'; signal?: AbortSignal } = {},
): Promise<Response> {
  const response = await open(path, init);
  if (!response.body) throw connectionLost();
  return response;
}

type Options<R extends RouteContract> = {
  signal?: AbortSignal;
  /** a page's own credential header (a mailed link's key), added to the usual ones */
  headers?: Record<string, string>;
} & (ParamsOf<R> extends undefined ? { params?: undefined } : { params: ParamsOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

type LooseOptions = {
  params?: Record<string, string | number>;
  query?: object;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** The success body parsed with the route's schema: a caller only ever sees data of the declared type. */
function successBody<R extends RouteContract>(route: R, status: number, payload: unknown): SuccessBody<R> {
  const schema = route.responses[status];
  return (schema ? schema.parse(payload) : undefined) as SuccessBody<R>;
}

/** Calls a BFF route described in the contracts, with a JSON body; failures become an ApiError. */
export async function apiRequest<R extends RouteContract>(
  route: R,
  ...[options]: Options<R> extends { params: unknown } | { body: unknown } ? [Options<R>] : [Options<R>?]
): Promise<SuccessBody<R>> {
  const opts = (options ?? {}) as LooseOptions & { body?: unknown };
  const { status, payload } = await apiSend(buildPath(route.path, opts.params), {
    method: route.method,
    query: opts.query,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    contentType: opts.body === undefined ? undefined : 'application/json',
    signal: opts.signal,
    headers: opts.headers,
  });
  return successBody(route, status, payload);
}

/**
 * A multipart upload to a contract's route with progress (each file as a `file` part, after `fields`):
 * fetch cannot report upload progress, XMLHttpRequest can. Same headers, failures and 401 as apiRequest.
 */
export function apiUpload<R extends RouteContract>(
  route: R,
  input: {
    params?: ParamsOf<R>;
    fields?: Record<string, string>;
    files: readonly File[];
    signal?: AbortSignal;
    /** a page's own credential header (an information request's link), added to the usual ones */
    headers?: Record<string, string>;
  },
  onProgress: (fraction: number) => void,
): Promise<SuccessBody<R>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  for (const file of input.files) form.append('file', file, file.name);
  const path = buildPath(route.path, input.params as Record<string, string | number> | undefined);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, `${API_PREFIX}${path}`);
    for (const [name, value] of Object.entries({ ...input.headers, ...requestHeaders(route.method) }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(connectionLost());
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(xhr.status, payload, path));
      try {
        onProgress(1);
        resolve(successBody(route, xhr.status, payload));
      } catch (error) {
        reject(error);
      }
    };
    input.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
