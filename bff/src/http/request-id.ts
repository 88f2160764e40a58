import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = Symbol('requestId');
type WithId = IncomingMessage & { [REQUEST_ID]?: string };
/**
 * The ids a proxy in front writes: nginx's `$request_id` (32 hex digits) or a UUID. Nothing else, so a
 * client cannot pose as the BFF's own background work (`jobs-…`, see jobs/background-request-id.ts) or
 * write its own text into every log line of its request.
 */
const INBOUND_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The request's id: a well-formed inbound X-Request-Id (a proxy's) is kept so logs line up, otherwise a
 * random one. Memoised on the request; sent back and passed to the upstreams.
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
