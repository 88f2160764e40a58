import type { ErrorRequestHandler, RequestHandler } from 'express';
import { fieldErrors } from '@evt/contracts/validation';
import { z } from 'zod';
import { type Logger, loggableError } from '../logger';

/** Thrown by routes; the error middleware writes `{ error: { code, message, details? } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found`);
export const forbidden = () =>
  new HttpError(403, 'forbidden', 'You are not a member of the organisation that owns this resource');

export const unknownRoute: RequestHandler = (req) => {
  throw new HttpError(404, 'not_found', `No route for ${req.method} ${req.path}`);
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = toHttpError(error);
    // the route's pattern, never req.path (it carries codes and addresses), nor the error's own fields
    if (known.status >= 500) {
      const route = `${req.method} ${req.route?.path ?? '(no route)'}`;
      logger.error({ err: loggableError(error), route }, 'upstream request failed');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body: Record<string, unknown> = { code: known.code, message: known.message };
    if (known.details) body.details = known.details;
    res.status(known.status).json({ error: body });
  };
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof z.ZodError) {
    return new HttpError(400, 'validation_failed', 'The request is not valid', {
      fieldErrors: fieldErrors(error),
      issues: error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    });
  }
  const e = error as { type?: string; status?: number; code?: string };
  // body-parser and multer errors carry an HTTP status of their own
  if (e?.type === 'entity.parse.failed')
    return new HttpError(400, 'malformed_json', 'The body is not valid JSON');
  if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE')
    return new HttpError(413, 'payload_too_large', 'The request body is too large');
  if (e?.code === 'LIMIT_FILE_COUNT' || e?.code === 'LIMIT_PART_COUNT')
    return new HttpError(413, 'too_many_files', 'The request holds too many files');
  if (typeof e?.code === 'string' && e.code.startsWith('LIMIT_'))
    return new HttpError(400, 'bad_multipart', 'The multipart body breaks a limit');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new HttpError(e.status, 'bad_request', 'The request could not be read');
  return new HttpError(500, 'internal_error', 'Internal error');
}
