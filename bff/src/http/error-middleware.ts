import { errorCode } from '@evt/contracts/errors';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { answerError } from './answer-error';
import { HttpError } from './http-error';

/** Express's end of the one error responder (answer-error.ts). */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => answerError(logger, req, res, error);
}

export const apiNotFound: RequestHandler = () => {
  throw new HttpError(404, errorCode.routeNotFound);
};

export const notFound: RequestHandler = () => {
  throw new HttpError(404, errorCode.notFound);
};
