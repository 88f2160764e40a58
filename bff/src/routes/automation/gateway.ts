import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import {
  type AutomationMethod,
  type AutomationOperation,
  type AutomationRequest,
  automationOperations,
} from '@evt/contracts/automation';
import { errorCode } from '@evt/contracts/errors';
import { operationFeatureOf } from '@evt/contracts/feature-access';
import { isPermissionAccess, operationAccessOf } from '@evt/contracts/route-access';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { rawQueryOf, serializeQuery, strictQueryOf } from '../../http/strict-query';
import { validate } from '../../http/validate';
import { forward, responseHeaderFilter } from '../../proxy/forward';
import { readJsonBody } from '../../proxy/read-json-body';
import type { UpstreamTarget } from '../../proxy/upstream-target';
import { requireAuth } from '../../session/request-session';
import type { RouteContext } from '../context';
import type { EventPages } from '../public/event-forms';
import { assertMember } from '../membership';
import { requirePermission } from '../permissions';
import { expressCaller, requireRole } from '../roles';

const operations: Record<string, AutomationOperation> = automationOperations;
const scopeId = z.number().int().positive().max(2_147_483_647);
const PASSED = ['accept', 'accept-language'];

/** Operations whose writes change what the event's public pages show (its forms, their order). */
const PUBLIC_PAGE_WRITES = new Set(['eventForms', 'eventFormsOrder']);

const mismatch = (key: string) =>
  new HttpError(400, errorCode.validation, { fieldErrors: { [key]: ['validation.invalidInput'] } });

/**
 * `/api/automation/:name`: the browser's only way to the automation webhooks. Only the contract's
 * operations and methods; the query and the body are parsed with the method's schemas and what goes on is
 * rebuilt from the parsed values (never the raw query or body: see http/strict-query.ts); the
 * organisation or event of the call must be one the user belongs to; the shared header is added here (a
 * client's copy never passes, and it is dropped from answers).
 */
export function automationGateway(
  ctx: RouteContext,
  target: UpstreamTarget,
  eventPages: Pick<EventPages, 'forget'>,
): RequestHandler {
  const headerName = ctx.config.webhookHeaderName.toLowerCase();
  const dropResponseHeaders = responseHeaderFilter(ctx.securityHeaders, [headerName]);
  // every method of every operation has its entry in the access table, an event permission an event scope
  for (const [name, operation] of Object.entries(operations)) {
    for (const method of Object.keys(operation.requests) as AutomationMethod[]) {
      const access = operationAccessOf(name, method);
      if (access === undefined)
        throw new Error(`${method} ${name}: no entry in contracts/src/route-access.ts`);
      if (isPermissionAccess(access) && operation.scope.kind !== 'event') {
        throw new Error(`${method} ${name}: permission ${access} without an event scope`);
      }
    }
  }
  return async (req, res) => {
    const name = String(req.params.name);
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
    const request = operation?.requests[req.method as AutomationMethod];
    if (!operation || !request) throw new HttpError(404, errorCode.routeNotFound);
    requireAuth(req);
    const { key } = operation.scope;
    const query = validate(request.query, strictQueryOf(rawQueryOf(req.originalUrl))) as Record<
      string,
      unknown
    >;
    const id = scopeId.safeParse(query[key]);
    if (!id.success) throw mismatch(key);

    const rid = requestId(req);
    const headers: OutgoingHttpHeaders = { 'x-request-id': rid };
    for (const header of PASSED) {
      const value = req.headers[header];
      if (value !== undefined) headers[header] = value;
    }
    const body = await bodyOf(req, request, key, id.data, headers);
    // the operation's entry in the access table: a permission in the event, else the
    // organisation role. Both checks read the scope with the user's token, so they prove
    // membership too: one upstream read, cached in the session
    const access = operationAccessOf(name, req.method as AutomationMethod);
    if (access === undefined) throw new HttpError(404, errorCode.routeNotFound);
    if (isPermissionAccess(access)) {
      if (operation.scope.kind !== 'event') throw new HttpError(500, errorCode.internal);
      const needed = {
        permission: access,
        feature: operationFeatureOf(name, req.method as AutomationMethod),
      };
      await requirePermission(ctx, expressCaller(ctx, req, res), needed, { kind: 'events', id: id.data });
    } else if (operation.role !== undefined && operation.role !== 'member') {
      await requireRole(ctx, expressCaller(ctx, req, res), operation.role, {
        kind: operation.scope.kind,
        id: id.data,
      });
    } else {
      await assertMember(ctx, req, res, operation.scope.kind, id.data);
    }

    headers[headerName] = ctx.config.webhookHeaderValue;
    if (req.method !== 'GET' && PUBLIC_PAGE_WRITES.has(name)) {
      // done: the event's public pages are read again (before the caller can ask for them)
      res.on('finish', () => {
        if (res.statusCode < 300) eventPages.forget(id.data);
      });
    }
    forward(req, res, {
      target,
      method: req.method,
      path: `/${operation.path}${serializeQuery(query)}`,
      headers,
      body,
      timeoutMs: ctx.config.upstreamTimeoutMs,
      securityHeaders: [],
      dropResponseHeaders,
      requestId: rid,
      logger: ctx.logger,
      onUpstreamError: (kind) => ctx.metrics?.upstreamError('webhook', kind),
    });
    if (body === null) req.resume();
  };
}

/** The body that goes upstream: the parsed JSON, the checked upload stream, or none. Sets its headers. */
async function bodyOf(
  req: IncomingMessage,
  request: AutomationRequest,
  key: string,
  id: number,
  headers: OutgoingHttpHeaders,
): Promise<Buffer | IncomingMessage | null> {
  if (request.body) {
    const parsed = validate(request.body, await readJsonBody(req)) as Record<string, unknown>;
    // the upstream may read the id from either place: a body naming another one is refused
    if (parsed[key] !== undefined && parsed[key] !== id) throw mismatch(key);
    const json = Buffer.from(JSON.stringify(parsed));
    headers['content-type'] = 'application/json';
    headers['content-length'] = json.length;
    return json;
  }
  if (request.upload) {
    const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (!request.upload.types.includes(type)) throw new HttpError(415, errorCode.unsupportedMediaType);
    const length = Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] !== undefined || !Number.isSafeInteger(length) || length < 0) {
      throw new HttpError(411, errorCode.validation);
    }
    // Node hands on no more bytes than the declared length, so this bounds the stream too
    if (length > request.upload.maxBytes) throw new HttpError(413, errorCode.payloadTooLarge);
    headers['content-type'] = type;
    headers['content-length'] = length;
    return req;
  }
  return null;
}
