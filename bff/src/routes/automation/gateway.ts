import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { type AutomationOperation, automationOperations } from '@evt/contracts/automation';
import { errorCode } from '@evt/contracts/errors';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import { forward, responseHeaderFilter } from '../../proxy/forward';
import { readJsonBody } from '../../proxy/read-json-body';
import type { UpstreamTarget } from '../../proxy/upstream-target';
import { requireAuth } from '../../session/request-session';
import type { RouteContext } from '../context';
import { assertMember } from '../membership';

const operations: Record<string, AutomationOperation> = automationOperations;
const scopeId = z.coerce.number().int().positive().max(2_147_483_647);
const PASSED = ['accept', 'accept-language', 'content-type', 'content-length', 'transfer-encoding'];

/**
 * `/api/automation/:name`: the browser's only way to the automation webhooks. Only allowlisted operations
 * and methods; the query is validated; the organisation or event of the call must be one the user belongs
 * to; the shared header is added here (a client's copy never passes, and it is dropped from answers).
 */
export function automationGateway(ctx: RouteContext, target: UpstreamTarget): RequestHandler {
  const headerName = ctx.config.webhookHeaderName.toLowerCase();
  const dropResponseHeaders = responseHeaderFilter(ctx.securityHeaders, [headerName]);
  return async (req, res) => {
    const name = String(req.params.name);
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
    if (!operation?.methods.includes(req.method as 'GET')) {
      throw new HttpError(404, errorCode.routeNotFound);
    }
    requireAuth(req);
    const q = req.originalUrl.indexOf('?');
    const rawQuery = q < 0 ? '' : req.originalUrl.slice(q);
    const query = validate(
      operation.query ?? z.object({}).passthrough(),
      Object.fromEntries(new URLSearchParams(rawQuery)),
    ) as Record<string, unknown>;

    let body: Buffer | IncomingMessage | null = req.method === 'GET' ? null : req;
    let scopeSource = query;
    if (operation.scope.from === 'body') {
      const parsed = await readJsonBody(req);
      scopeSource = (parsed ?? {}) as Record<string, unknown>;
      body = Buffer.from(JSON.stringify(parsed ?? {}));
    }
    const id = scopeId.safeParse(scopeSource[operation.scope.key]);
    if (!id.success) {
      throw new HttpError(400, errorCode.validation, {
        fieldErrors: { [operation.scope.key]: ['validation.invalidInput'] },
      });
    }
    await assertMember(ctx, req, res, operation.scope.kind, id.data);

    const rid = requestId(req);
    const headers: OutgoingHttpHeaders = { 'x-request-id': rid };
    for (const header of PASSED) {
      const value = req.headers[header];
      if (value !== undefined) headers[header] = value;
    }
    if (Buffer.isBuffer(body)) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
      delete headers['transfer-encoding'];
    }
    headers[headerName] = ctx.config.webhookHeaderValue;
    forward(req, res, {
      target,
      method: req.method,
      path: `/${operation.path}${rawQuery}`,
      headers,
      body,
      timeoutMs: ctx.config.upstreamTimeoutMs,
      securityHeaders: [],
      dropResponseHeaders,
      requestId: rid,
      logger: ctx.logger,
      onUpstreamError: (kind) => ctx.metrics?.upstreamError('webhook', kind),
    });
  };
}
