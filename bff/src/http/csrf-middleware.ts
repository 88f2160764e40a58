import type { RequestHandler } from 'express';
import { csrfRefusal } from './csrf';

export function csrfMiddleware(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    const refused = csrfRefusal(req, publicOrigin);
    if (refused) throw refused;
    next();
  };
}
