import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorCode } from '@evt/contracts/errors';
import type { ErrorDetails } from './http-error';
import { errorMessage, requestLocale } from './messages';
import { requestId } from './request-id';

/**
 * Writes `{ error: { code, message, details } }` on a bare node response (the proxy fast path and the
 * Express error middleware both use it). A response already under way is cut instead: a half-sent body
 * followed by an error body would be worse.
 */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  details?: ErrorDetails,
  securityHeaders?: readonly string[],
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const id = requestId(req);
  const locale = requestLocale(req.headers.cookie, req.headers['accept-language']);
  const body = JSON.stringify({
    error: { code, message: errorMessage(code, locale, details), details: { ...details, requestId: id } },
  });
  if (securityHeaders) {
    for (let i = 0; i < securityHeaders.length; i += 2) {
      res.setHeader(securityHeaders[i]!, securityHeaders[i + 1]!);
    }
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-request-id', id);
  if (details?.retryAfterSeconds !== undefined) res.setHeader('retry-after', details.retryAfterSeconds);
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : body);
}
