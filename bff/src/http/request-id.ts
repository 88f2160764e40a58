import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = Symbol('requestId');
type WithId = IncomingMessage & { [REQUEST_ID]?: string };
const INBOUND_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: an inbound X-Request-Id of a sane shape (a load balancer's) is kept so logs line up,
 * otherwise a random one. Memoised on the request; sent back and passed to the upstreams.
 */
export function requestId(req: IncomingMessage): string {
  const self = req as WithId;
  let id = self[REQUEST_ID];
  if (id === undefined) {
    const inbound = req.headers['x-request-id'];
    id = typeof inbound === 'string' && INBOUND_ID.test(inbound) ? inbound : randomUUID();
    self[REQUEST_ID] = id;
  }
  return id;
}
