import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { errorCode } from '@evt/contracts/errors';
import type { RouteContract } from '@evt/contracts/http';
import { fieldErrors } from '@evt/contracts/validation';
import type { Logger } from 'pino';
import type { ZodError } from 'zod';
import { answerError } from '../http/answer-error';
import { csrfRefusal } from '../http/csrf';
import { HttpError } from '../http/http-error';
import { requestId } from '../http/request-id';
import { sendError } from '../http/send-error';
import { routeMatchOf } from '../observability/route-label';
import { parseStrictQuery, serializeQuery } from '../http/strict-query';
import type { Sessions } from '../session/sessions';
import type { StoredSession } from '../session/session-data';
import { sessionExpired, signedIn } from '../session/signed-in';
import { storeUnavailable } from '../session/cached-store';
import { endStoredSession } from '../session/end-session';
import { bearerOf, type KeyCaller } from '../api-keys/key-access';
import { forward } from './forward';
import { boundaryOf, MultipartTypeGuard } from './multipart-guard';
import { readJsonBody } from './read-json-body';
import { compileRoutes } from './route-matcher';
import type { UpstreamTarget } from './upstream-target';

export interface FastPathDeps {
  routes: readonly RouteContract[];
  sessions: Sessions;
  target: UpstreamTarget;
  publicOrigin: string;
  timeoutMs: number;
  securityHeaders: readonly string[];
  dropResponseHeaders: ReadonlySet<string>;
  logger: Logger;
  /** the client address for X-Forwarded-For (honours TRUST_PROXY like Express does) */
  clientIp: (req: IncomingMessage) => string | undefined;
  onUpstreamError?: (kind: 'timeout' | 'unreachable' | 'status_5xx' | 'bad_answer') => void;
  /** organisation roles: throws to refuse a signed-in call before anything is read or sent */
  authorize: Authorize;
  /** the one check of an API key's call (api-keys/key-access.ts), as the route adapter runs it */
  keyCaller: KeyCaller;
}

/** Undefined when the route needs no role: nothing to wait for, the call goes on in the same tick. */
export type Authorize = (
  req: IncomingMessage,
  res: ServerResponse,
  route: RouteContract,
  params: unknown,
  sid: string,
  session: StoredSession,
) => Promise<void> | undefined;

/** Inbound headers worth passing on; everything else (Cookie, Authorization, webhook header...) is dropped. */
const PASSED_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since', 'user-agent'];

/**
 * The proxied REST routes of the contract, answered on the node:http server in front of Express: route
 * matching, CSRF, validation, the session (from the in-process cache) and the bearer token, then a
 * streamed upstream call. Returns false for anything it does not own (Express answers those).
 */
export function createFastPath(deps: FastPathDeps) {
  const proxied = deps.routes.filter((route) => route.kind === 'proxy');
  const match = compileRoutes(proxied);
  const owned = new Set(proxied);
  const { sessions, securityHeaders } = deps;
  /** the one error responder (answer-error.ts), as Express's error middleware answers */
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    // the body was left unread: the connection cannot carry another request
    if (error instanceof HttpError && (error.status === 411 || error.status === 413 || error.status === 415))
      res.setHeader('connection', 'close');
    answerError(deps.logger, req, res, error, securityHeaders);
  };

  /** 400 for params or a query that fail their schema; true = answered. */
  const invalid = (req: IncomingMessage, res: ServerResponse, error: ZodError) => {
    fail(req, res, new HttpError(400, errorCode.validation, { fieldErrors: fieldErrors(error) }));
    return true;
  };

  async function proceed(
    req: IncomingMessage,
    res: ServerResponse,
    route: RouteContract,
    params: unknown,
    query: string,
    sid: string | undefined,
    session: StoredSession | null,
    apiKey?: string,
  ): Promise<void> {
    const id = requestId(req);
    const headers: OutgoingHttpHeaders = { 'x-request-id': id };
    // public routes (an invitation read by its code) go without a token even when someone is signed in
    if (route.auth === 'session' && session?.auth)
      headers.authorization = `Bearer ${session.auth.accessToken}`;
    if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
    for (const name of PASSED_HEADERS) {
      const value = req.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    const ip = deps.clientIp(req);
    if (ip) headers['x-forwarded-for'] = ip;

    // permissions and organisation roles: before the body is read, so a caller who may
    // not write here learns nothing from the validation, and an upload is never read for them
    if (sid !== undefined && session !== null) {
      const check = deps.authorize(req, res, route, params, sid, session);
      if (check !== undefined) await check;
    }
    let body: Buffer | IncomingMessage | null = null;
    if (route.body) {
      const parsed = route.body.safeParse(await readJsonBody(req));
      if (!parsed.success) {
        throw new HttpError(400, errorCode.validation, { fieldErrors: fieldErrors(parsed.error) });
      }
      // what was validated is what goes on, not the bytes the browser sent
      body = Buffer.from(JSON.stringify(parsed.data));
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    if (route.upload && !route.body) {
      // multipart: checked on its headers, then streamed, never buffered (the upstream reads the types from the bytes)
      const boundary = checkUpload(req, route.upload.maxBytes);
      headers['content-type'] = req.headers['content-type'];
      headers['content-length'] = req.headers['content-length'];
      body = guardPartTypes(req, res, boundary, route.upload.types, securityHeaders);
    }
    const path = buildUpstreamPath(route, params) + query;
    forward(req, res, {
      target: deps.target,
      method: route.method,
      path,
      headers,
      body,
      timeoutMs: deps.timeoutMs,
      securityHeaders,
      dropResponseHeaders: deps.dropResponseHeaders,
      requestId: id,
      logger: deps.logger,
      onUnauthorized: sid === undefined ? undefined : () => endStoredSession(sessions, sid, res),
      onUpstreamError: deps.onUpstreamError,
    });
    if (body === null) req.resume();
  }

  async function withSession(
    req: IncomingMessage,
    res: ServerResponse,
    route: RouteContract,
    params: unknown,
    query: string,
    sid: string,
  ) {
    let session: StoredSession | null;
    try {
      session = await sessions.store.read(sid);
    } catch (error) {
      throw storeUnavailable(error);
    }
    return admit(req, res, route, params, query, sid, session);
  }

  function admit(
    req: IncomingMessage,
    res: ServerResponse,
    route: RouteContract,
    params: unknown,
    query: string,
    sid: string,
    session: StoredSession | null,
  ): Promise<void> | undefined {
    // the one reading of a signed-in session (session/signed-in.ts), as Express's requireAuth reads it
    if (sessionExpired(session, sessions.timeouts)) {
      return sessions.store.end(sid).then(() => void signedIn(session, true));
    }
    if (session === null || session.auth === undefined) {
      fail(req, res, new HttpError(401, errorCode.unauthenticated));
      return undefined;
    }
    sessions.store.touchSoon(sid, session);
    return proceed(req, res, route, params, query, sid, session);
  }

  return function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url!;
    if (!url.startsWith('/api/')) return false;
    const q = url.indexOf('?');
    const pathname = q < 0 ? url.slice(4) : url.slice(4, q);
    // the request observer's labeller matched the same path on the same table (all routes, same order):
    // when the route it found is one of ours, our own matching would find that one too
    const labelled = routeMatchOf(req);
    const found =
      labelled !== undefined && owned.has(labelled.route) ? labelled : match(req.method!, pathname);
    if (found === null) return false;
    if (found === 'bad-encoding') {
      fail(req, res, new HttpError(400, errorCode.malformedUrl));
      return true;
    }
    const { route } = found;
    const refused = csrfRefusal(req, deps.publicOrigin);
    if (refused !== null) {
      fail(req, res, refused);
      return true;
    }
    let params: unknown = found.params;
    if (route.params) {
      const parsed = route.params.safeParse(found.params);
      if (!parsed.success) return invalid(req, res, parsed.error);
      params = parsed.data;
    }
    // one reading of the query, validated, and only that goes upstream (never the raw string)
    const strict = parseStrictQuery(q < 0 ? '' : url.slice(q));
    if (!strict.ok) {
      fail(req, res, new HttpError(400, errorCode.ambiguousQuery));
      return true;
    }
    let query = '';
    if (route.query) {
      const parsed = route.query.safeParse(strict.query);
      if (!parsed.success) return invalid(req, res, parsed.error);
      query = serializeQuery(parsed.data);
    }
    if (bearerOf(req) !== undefined) {
      const hasSession = sessions.readSessionId(req) !== undefined;
      deps
        .keyCaller(req, route, params, hasSession)
        .then((caller) => proceed(req, res, route, params, query, undefined, null, caller.token))
        .catch((error: unknown) => fail(req, res, error));
      return true;
    }
    if (route.auth === 'public') {
      proceed(req, res, route, params, query, undefined, null).catch((error: unknown) =>
        fail(req, res, error),
      );
      return true;
    }
    const sid = sessions.readSessionId(req);
    if (sid === undefined) {
      fail(req, res, new HttpError(401, errorCode.unauthenticated));
      return true;
    }
    const cached = sessions.store.peek(sid);
    const pending =
      cached === undefined
        ? withSession(req, res, route, params, query, sid)
        : admit(req, res, route, params, query, sid, cached);
    pending?.catch((error: unknown) => fail(req, res, error));
    return true;
  };
}

/**
 * Refuses an upload on its declared headers before a byte of it is read: multipart only (415), a known
 * length (411; browsers always send one for FormData) within the route's bound (413). Node's parser then
 * never hands on more bytes than the declared length, so the bound holds for the stream too.
 */
function checkUpload(req: IncomingMessage, maxBytes: number): string {
  const type = req.headers['content-type'] ?? '';
  const boundary = boundaryOf(type);
  if (!type.toLowerCase().startsWith('multipart/form-data') || boundary === null) {
    throw new HttpError(415, errorCode.unsupportedMediaType);
  }
  if (req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] === undefined) {
    throw new HttpError(411, errorCode.validation);
  }
  const length = Number(req.headers['content-length']);
  if (!Number.isSafeInteger(length) || length < 0) throw new HttpError(400, errorCode.validation);
  if (length > maxBytes) throw new HttpError(413, errorCode.payloadTooLarge);
  return boundary;
}

/**
 * The body as it goes upstream: through a guard that refuses, while streaming, a file part whose declared
 * type the route does not accept. Then the browser gets 415 at once, and once that answer is out the
 * upstream call is aborted (forward() listens for 'aborted' on the body) and the rest of the request is
 * drained unread, so the browser reliably reads the answer.
 */
function guardPartTypes(
  req: IncomingMessage,
  res: ServerResponse,
  boundary: string,
  types: readonly string[],
  securityHeaders: readonly string[],
): IncomingMessage {
  const guard = new MultipartTypeGuard(boundary, types);
  req.on('aborted', () => guard.emit('aborted'));
  guard.once('violation', () => {
    req.unpipe(guard);
    const stop = () => {
      guard.emit('aborted');
      req.resume();
    };
    if (res.headersSent) return stop();
    res.setHeader('connection', 'close');
    res.once('finish', stop);
    sendError(req, res, 415, errorCode.unsupportedMediaType, undefined, securityHeaders);
  });
  req.pipe(guard);
  return guard as unknown as IncomingMessage;
}

function buildUpstreamPath(route: RouteContract, params: unknown): string {
  const pattern = route.upstreamPath ?? route.path;
  if (!route.params) return pattern;
  const values = params as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
