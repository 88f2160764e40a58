import type { UpstreamContractRoute } from '@evt/contracts/upstream-routes';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { webhookGuard } from '../webhook/guard';
import { requireAuth } from './auth';
import { parse } from './validate';

/** Where the automation webhook's routes are answered (server.ts gives the BFF `${origin}/webhook`). */
export const WEBHOOK_BASE = '/webhook';

/** The path a contract route is answered at: a proxied route's `upstreamPath` (else its own), webhooks below WEBHOOK_BASE. */
export function upstreamPathOf(route: UpstreamContractRoute): string {
  if ('kind' in route) return route.upstreamPath ?? route.path;
  return route.service === 'webhook' ? `${WEBHOOK_BASE}${route.path}` : route.path;
}

/** Who may call it: a user's bearer token, the BFF's shared service header, or anyone. */
export function credentialOf(route: UpstreamContractRoute): 'user' | 'service' | 'none' {
  if ('kind' in route) return route.auth === 'session' ? 'user' : 'none';
  return route.auth;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the request's parts parsed with the route's own schemas. */
export interface Input<R extends UpstreamContractRoute> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
}

export type Handler<R extends UpstreamContractRoute> = (
  input: Input<R>,
  req: Request,
  res: Response,
) => Promise<unknown> | undefined;

export interface MountOptions<R extends UpstreamContractRoute> {
  /** how the body is read when it is not JSON (multipart, raw bytes); default: JSON when the route has a body */
  readBody?: RequestHandler;
  /** checks made before the body is read (a role before an upload), on the parsed params and query */
  beforeBody?: (input: Omit<Input<R>, 'body'>, res: Response) => Promise<void>;
  /**
   * a check of the body as it came, before the schema's: for a refusal that must name what it refuses (the
   * schema's answer names only the field)
   */
  beforeParse?: (body: unknown) => void;
}

export type Mount = <R extends UpstreamContractRoute>(
  route: R,
  handler: Handler<R>,
  options?: MountOptions<R>,
) => void;

/** the last step of every route mounted here, so a test can tell a route registered around the helper */
const byMount = new WeakSet<RequestHandler>();
export const isMounted = (handler: unknown) => byMount.has(handler as RequestHandler);

/**
 * The one way a route of the reference upstream is registered: method and path from its contract entry
 * (contracts/src/upstream-routes.ts), the credential it declares checked, its params, query and body
 * parsed with its schemas (a failure is the error middleware's 400), then its one handler. Every error a
 * handler throws becomes the one error answer (errors.ts). Returns the router the routes are mounted on.
 */
export function mountOn(ctx: Ctx): { router: Router; mount: Mount } {
  const router = Router();
  const guards = {
    user: [requireAuth(ctx)],
    service: [webhookGuard(ctx.webhookHeaderName, ctx.webhookHeaderValue)],
    none: [],
  } satisfies Record<ReturnType<typeof credentialOf>, RequestHandler[]>;
  const json = express.json({ limit: '1mb' });

  const mount: Mount = (route, handler, options = {}) => {
    const parts = (req: Request) => ({
      params: (route.params ? parse(route.params, req.params) : undefined) as Input<typeof route>['params'],
      query: (route.query ? parse(route.query, req.query) : undefined) as Input<typeof route>['query'],
    });
    const steps: RequestHandler[] = [...guards[credentialOf(route)]];
    const readBody = options.readBody ?? (route.body ? json : undefined);
    const { beforeBody } = options;
    if (beforeBody)
      steps.push(async (req, res, next) => {
        await beforeBody(parts(req), res);
        next();
      });
    if (readBody) steps.push(readBody);
    const run: RequestHandler = async (req, res) => {
      options.beforeParse?.(req.body);
      const body = (route.body ? parse(route.body, req.body) : undefined) as Input<typeof route>['body'];
      await handler({ ...parts(req), body }, req, res);
    };
    byMount.add(run);
    steps.push(run);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](upstreamPathOf(route), ...steps);
  };
  return { router, mount };
}
