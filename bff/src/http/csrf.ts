import type { IncomingMessage } from 'node:http';
import { errorCode } from '@evt/contracts/errors';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { bearerOf } from '../api-keys/key-access';
import { HttpError } from './http-error';

/** Methods that change state and therefore need the CSRF proof. */
export function isStateChanging(method: string | undefined): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

/**
 * CSRF defence for state-changing /api calls: the static custom header (a cross-site form cannot set it,
 * and a cross-site fetch that sets it needs a CORS preflight we never grant), plus the browser's own
 * origin signals when present: Sec-Fetch-Site must say same-origin, and Origin must be ours.
 */
export function csrfAllowed(req: IncomingMessage, publicOrigin: string): boolean {
  const headers = req.headers;
  if (headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.origin;
  if (origin === undefined || origin === publicOrigin) return true;
  // The same host as the request (a developer on 127.0.0.1 while PUBLIC_URL says localhost) is same-origin.
  const host = headers.host;
  if (host === undefined) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

/**
 * The one CSRF check of the BFF, for the proxy fast path and Express alike: the 403 to answer a
 * state-changing call without the proof, else null.
 */
export function csrfRefusal(req: IncomingMessage, publicOrigin: string): HttpError | null {
  // an API key's call (Authorization: Bearer) carries no ambient credential a page could borrow: no
  // cookie, nothing to forge (a key beside a session cookie is refused by the key check)
  if (bearerOf(req) !== undefined && req.headers.cookie === undefined) return null;
  if (!isStateChanging(req.method) || csrfAllowed(req, publicOrigin)) return null;
  return new HttpError(403, errorCode.csrf);
}
