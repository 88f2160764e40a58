import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCode } from '@evt/contracts/errors';
import type { Logger } from 'pino';
import { routeLabelOf } from '../observability/route-label';
import { HttpError } from './http-error';
import { requestId } from './request-id';
import { sendError } from './send-error';

/** Errors of body parsers and other libraries carry a status and a type. */
function fromLibrary(error: { status?: unknown; type?: unknown }): HttpError | undefined {
  if (error.type === 'entity.too.large') return new HttpError(413, errorCode.payloadTooLarge);
  if (error.type === 'entity.parse.failed') return new HttpError(400, errorCode.malformedJson);
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return new HttpError(415, errorCode.unsupportedMediaType);
  }
  if (error.status === 404) return new HttpError(404, errorCode.notFound);
  return undefined;
}

/**
 * The one error responder of the BFF, for the proxy fast path and Express alike (cal.com's
 * `defaultResponder`): an HttpError answers as itself, a library's error by its type, anything else 500;
 * `{ error: { code, message, details } }`, 5xx logged with the route pattern, no stack trace out.
 */
export function answerError(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  securityHeaders?: readonly string[],
): void {
  const known =
    error instanceof HttpError
      ? error
      : (fromLibrary((error ?? {}) as object) ??
        new HttpError(500, errorCode.internal, undefined, { cause: error }));
  if (known.status >= 500) {
    // the route pattern, not the path: a path carries codes and addresses
    logger.error(
      { err: known.cause ?? error, requestId: requestId(req), method: req.method, route: routeLabelOf(req) },
      'request failed',
    );
  }
  sendError(req, res, known.status, known.code, known.details, securityHeaders);
}
