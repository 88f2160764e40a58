import { errorCode } from '@evt/contracts/errors';
import type { ErrorRequestHandler, RequestHandler } from 'express';
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

/** The one error middleware: `{ error: { code, message, details } }`, 5xx logged, no stack trace out. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known =
      error instanceof HttpError
        ? error
        : (fromLibrary(error ?? {}) ?? new HttpError(500, errorCode.internal, undefined, { cause: error }));
    if (known.status >= 500) {
      // the route pattern, not req.path: a path carries codes and addresses
      logger.error(
        {
          err: known.cause ?? error,
          requestId: requestId(req),
          method: req.method,
          route: routeLabelOf(req),
        },
        'request failed',
      );
    }
    sendError(req, res, known.status, known.code, known.details);
  };
}

export const apiNotFound: RequestHandler = () => {
  throw new HttpError(404, errorCode.routeNotFound);
};

export const notFound: RequestHandler = () => {
  throw new HttpError(404, errorCode.notFound);
};
