import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { csrfAllowed, isStateChanging } from './csrf';
import { HttpError } from './http-error';

export function csrfMiddleware(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (isStateChanging(req.method) && !csrfAllowed(req, publicOrigin))
      throw new HttpError(403, errorCode.csrf);
    next();
  };
}
