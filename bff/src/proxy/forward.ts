import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { HttpError } from '../http/http-error';
import { sendError } from '../http/send-error';
import { routeLabelOf } from '../observability/route-label';
import { sessionEnded, upstreamFailure } from '../upstream/error-codes';
import { isJson } from './is-json';
import type { UpstreamTarget } from './upstream-target';

/** JSON answers up to this size are checked before they are sent; larger ones stream unchecked. */
const CHECKED_JSON_MAX = 4 * 1024 * 1024;
/** An upstream error body is read up to this size for its code; a longer one counts as having none. */
const ERROR_BODY_MAX = 16 * 1024;

/** Never copied from an upstream answer to the browser. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'x-request-id',
  'x-powered-by',
  'server',
];

/** Names of the response headers to drop: hop-by-hop ones, ours (security headers) and any extra. */
export function responseHeaderFilter(
  securityHeaders: readonly string[],
  extra: readonly string[] = [],
): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (let i = 0; i < securityHeaders.length; i += 2) names.add(securityHeaders[i]!.toLowerCase());
  for (const name of extra) names.add(name.toLowerCase());
  return names;
}

export interface ForwardOptions {
  target: UpstreamTarget;
  method: string;
  /** path below the target's base, with the query string */
  path: string;
  headers: OutgoingHttpHeaders;
  /** a validated body, the inbound request to stream, or nothing */
  body: Buffer | IncomingMessage | null;
  timeoutMs: number;
  securityHeaders: readonly string[];
  dropResponseHeaders: ReadonlySet<string>;
  requestId: string;
  logger: Logger;
  /**
   * an upstream 401: the REST API saying the session's token is dead; ends the session and clears the
   * cookie (session/end-session.ts). Absent: a 401 is a server fault.
   */
  onUnauthorized?: () => Promise<void>;
  /** counts upstream failures (metrics) */
  onUpstreamError?: (kind: 'timeout' | 'unreachable' | 'status_5xx' | 'bad_answer') => void;
}

/**
 * Streams one request to the upstream and its answer back. Successes and redirects stream through with
 * hop-by-hop headers and Set-Cookie removed; failures become our JSON errors through the one map of
 * upstream failures (upstream/error-codes.ts), and a 401 ends the session by its one rule (`sessionEnded`).
 */
export function forward(req: IncomingMessage, res: ServerResponse, options: ForwardOptions): void {
  const { target } = options;
  let timedOut = false;
  let clientGone = false;
  const upstream = target.request({
    hostname: target.hostname,
    port: target.port,
    agent: target.agent,
    method: options.method,
    path: target.basePath + options.path,
    headers: options.headers,
    timeout: options.timeoutMs,
  });

  upstream.on('timeout', () => {
    timedOut = true;
    upstream.destroy(new Error('upstream timeout'));
  });
  upstream.on('error', (error) => {
    if (clientGone) return;
    options.onUpstreamError?.(timedOut ? 'timeout' : 'unreachable');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (timedOut) {
      options.logger.warn(about(req, options), 'upstream timeout');
      fail(req, res, options, upstreamFailure({ kind: 'timeout' }));
    } else {
      options.logger.error({ ...about(req, options), err: error }, 'upstream unreachable');
      fail(req, res, options, upstreamFailure({ kind: 'unreachable' }));
    }
  });
  // the browser went away: stop the upstream work too
  res.on('close', () => {
    if (!res.writableFinished) {
      clientGone = true;
      upstream.destroy();
    }
  });

  upstream.on('response', (answer) => {
    const status = answer.statusCode ?? 502;
    if (status >= 400) {
      if (status === 401 && options.onUnauthorized) {
        answer.resume();
        void sessionEnded(options.onUnauthorized).then((error) => fail(req, res, options, error));
        return;
      }
      if (status >= 500 || status === 401) {
        answer.resume();
        options.onUpstreamError?.('status_5xx');
        options.logger.error({ ...about(req, options), status }, 'upstream failure');
        fail(req, res, options, upstreamFailure({ kind: 'status', status }));
        return;
      }
      // the upstream's code when it is a known one (an image over the pixel budget), else one by status
      void readErrorBody(answer).then((body) =>
        fail(req, res, options, upstreamFailure({ kind: 'status', status, body })),
      );
      return;
    }
    const raw = answer.rawHeaders;
    const headers: string[] = options.securityHeaders.slice();
    headers.push('x-request-id', options.requestId);
    let cacheControl = false;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      if (options.dropResponseHeaders.has(name)) continue;
      if (name === 'cache-control') cacheControl = true;
      headers.push(name, raw[i + 1]!);
    }
    // authenticated data: no shared cache keeps it unless the upstream says otherwise
    if (!cacheControl) headers.push('cache-control', 'no-store');
    const length = Number(answer.headers['content-length']);
    const json = /\bjson\b/i.test(String(answer.headers['content-type'] ?? ''));
    if (json && length > 0 && length <= CHECKED_JSON_MAX && options.method !== 'HEAD') {
      // a JSON answer of known, bounded size is read whole and checked before anything is sent: a broken
      // upstream answer becomes a clean 502, never a half-written or unparsable body for the SPA
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        // most answers arrive in one chunk: no copy then
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        if (!isJson(body)) {
          options.onUpstreamError?.('bad_answer');
          options.logger.error(about(req, options), 'upstream sent malformed JSON');
          fail(req, res, options, upstreamFailure({ kind: 'bad_answer' }));
          return;
        }
        res.writeHead(status, headers);
        res.end(body);
      });
      return;
    }
    res.writeHead(status, headers);
    answer.on('error', () => res.destroy());
    answer.pipe(res);
  });

  const body = options.body;
  if (body === null) upstream.end();
  else if (Buffer.isBuffer(body)) upstream.end(body);
  else {
    body.on('aborted', () => upstream.destroy());
    body.pipe(upstream);
  }
}

/** A failure's JSON answer (helpers at module level: a successful call allocates no closure for them). */
function fail(req: IncomingMessage, res: ServerResponse, options: ForwardOptions, error: HttpError): void {
  sendError(req, res, error.status, error.code, error.details, options.securityHeaders);
}

/**
 * What a log line may tell of the call: the route pattern and the request id, never `options.path`, which
 * carries path parameters (invitation codes) and query values.
 */
function about(req: IncomingMessage, options: ForwardOptions) {
  return { requestId: options.requestId, route: routeLabelOf(req) };
}

/** An upstream error answer's JSON body, when short (at most 16 KB) and JSON; else undefined. */
function readErrorBody(answer: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    answer.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length <= ERROR_BODY_MAX) chunks.push(chunk);
    });
    answer.on('error', () => resolve(undefined));
    answer.on('end', () => {
      if (length > ERROR_BODY_MAX) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
  });
}
