import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';

const sha = (value: string) => createHash('sha256').update(value).digest();

/** The service trusts callers that hold the shared header value; everyone else gets 401. */
export function webhookGuard(name: string, value: string): RequestHandler {
  if (!name || !value) throw new Error('the webhook header name and value must be set');
  const expected = sha(value);
  const header = name.toLowerCase();
  return (req, _res, next) => {
    const got = req.headers[header];
    // comparing digests keeps the comparison constant-time whatever the lengths
    if (typeof got !== 'string' || !timingSafeEqual(sha(got), expected)) {
      throw new HttpError(401, 'invalid_webhook_key', 'The shared webhook header is missing or wrong');
    }
    next();
  };
}
