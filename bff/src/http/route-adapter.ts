import { errorCode } from '@evt/contracts/errors';
import type { RouteContract } from '@evt/contracts/http';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { bearerOf } from '../api-keys/key-access';
import type { Caller } from '../routes/role-scope';
import { HttpError } from './http-error';
import { redirectLocal } from './local-redirect';
import { validate } from './validate';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
type Responses = RouteContract['responses'];
type Statuses<T extends Responses> = Extract<keyof T, SuccessStatus>;

/** A JSON answer with one of the route's declared success statuses and that status's body. */
export type JsonReply<T extends Responses> = {
  [S in Statuses<T>]: T[S] extends z.ZodType
    ? { status: S; body: z.input<T[S]> }
    : { status: S; body?: undefined };
}[Statuses<T>];

/** A file (a PDF, a calendar), for a route whose 200 declares no JSON body (`null`) or a string. */
export interface FileReply {
  status: 200;
  file: {
    contentType: string;
    /** `attachment; filename=...` or `inline; ...` */
    disposition?: string;
    headers?: Readonly<Record<string, string>>;
    /** the bytes, or a writer that streams them into the answer (and ends or cuts it) */
    data: Buffer | string | ((out: Response) => Promise<void>);
  };
}

/** A redirect to one of the product's pages (through the one return-path check, local-redirect.ts). */
export interface RedirectReply<S extends number = number> {
  status: S;
  redirect: string;
}

type RedirectStatus = 302 | 303;

/** Every answer the route's contract allows: JSON, a file where it declares no JSON, a redirect it declares. */
export type ReplyOf<T extends Responses> =
  | JsonReply<T>
  | (200 extends keyof T ? (T[200] extends null | z.ZodString ? FileReply : never) : never)
  | RedirectReply<Extract<keyof T, RedirectStatus>>;
export type Reply<R extends RouteContract> = ReplyOf<R['responses']>;

/** What a handler receives: the parsed params, query and body, the caller of a signed-in route. */
export interface Input<P, Q, B, A> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** the signed-in caller (session routes), checked before the handler runs */
  caller: A extends 'session' ? Caller : undefined;
  /** for what only Express holds: the session object (sign-in, selection), cookies, headers */
  req: Request;
  res: Response;
}
export type RouteInput<R extends RouteContract> = Input<R['params'], R['query'], R['body'], R['auth']>;

/**
 * A route's handler, typed by the parts of its contract it deals with (so routes of one shape, such as
 * the event's and the organisation's grants, can share one).
 */
export type RouteHandler<R extends RouteContract> = HandlerOf<
  R['params'],
  R['query'],
  R['body'],
  R['auth'],
  R['responses']
>;
type HandlerOf<P, Q, B, A, T extends Responses> = (input: Input<P, Q, B, A>) => Promise<ReplyOf<T>>;

type BffKeys<T> = { [K in keyof T]: T[K] extends { kind: 'bff' } ? K : never }[keyof T];

/** One handler for each `bff` route of a table: a missing one is a compile error. */
export type RouteHandlers<T extends Record<string, RouteContract>> = {
  [K in BffKeys<T>]: T[K] extends RouteContract ? RouteHandler<T[K]> : never;
};

export interface AdapterDeps {
  /** the signed-in caller of a session route (401 when there is none) */
  callerOf: (req: Request, res: Response) => Caller;
  /**
   * the route's declared permission and organisation role (routes/roles.ts `routeAccess`), the same check
   * the proxy fast path runs: undefined when nothing is to be waited for
   */
  access: (route: RouteContract, params: unknown, caller: Caller) => Promise<void> | undefined;
  /**
   * the caller of a call made with an API key (api-keys/key-access.ts, the fast path's own check): the key,
   * its route, scope, organisation and permission checked; undefined for a call without one
   */
  keyCaller?: (req: Request, route: RouteContract, params: unknown) => Promise<Caller>;
  /** parse every answer against the contract (development and tests): a wrong answer becomes a 500 */
  checkResponses: boolean;
}

export interface MountOptions<T> {
  /** where the router is mounted below `/api` (e.g. `/public/b2b`): cut from the contract's paths */
  base?: string;
  /** middleware before the route's own checks: rate limits, a body parser of its own */
  before?: { [K in BffKeys<T>]?: RequestHandler[] };
}

export interface RouteAdapter {
  /** Mounts every `bff` route of `table` on `router`, each with its handler (throws for a missing one). */
  mount<T extends Record<string, RouteContract>>(
    router: Router,
    table: T,
    handlers: RouteHandlers<T>,
    options?: MountOptions<T>,
  ): void;
  /** Throws, naming them, when a `bff` route of `routes` was not mounted (the BFF does not start). */
  assertMounted(routes: readonly RouteContract[]): void;
}

const nameOf = (route: RouteContract) => `${route.method} ${route.path}`;

/**
 * The one way a BFF route is answered (in the spirit of ts-rest's `createExpressEndpoints`): mounted from
 * its contract, the caller's session and the route's permission checked, params, query and body parsed
 * with the contract's schemas, then the handler, whose answer is typed (and, in development and tests,
 * parsed) by the contract. Errors go to the one error middleware; CSRF is checked in front of `/api`.
 */
export function createRouteAdapter(deps: AdapterDeps): RouteAdapter {
  const mounted = new Set<RouteContract>();
  return {
    mount(router, table, handlers, options = {}) {
      const byName = handlers as unknown as Record<string, RouteHandler<RouteContract> | undefined>;
      const before = (options.before ?? {}) as Record<string, RequestHandler[] | undefined>;
      for (const [name, route] of Object.entries(table)) {
        if (route.kind !== 'bff') continue;
        const handler = byName[name];
        if (handler === undefined) throw new Error(`${nameOf(route)}: no handler for the route "${name}"`);
        if (options.base && !route.path.startsWith(options.base))
          throw new Error(`${nameOf(route)}: not below ${options.base}`);
        const path = options.base ? route.path.slice(options.base.length) || '/' : route.path;
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        router[method](path, ...(before[name] ?? []), answer(deps, route, handler));
        mounted.add(route);
      }
    },
    assertMounted(routes) {
      const missing = routes.filter((route) => route.kind === 'bff' && !mounted.has(route));
      if (missing.length > 0)
        throw new Error(`BFF routes without a handler: ${missing.map(nameOf).join(', ')}`);
    },
  };
}

function answer(
  deps: AdapterDeps,
  route: RouteContract,
  handler: RouteHandler<RouteContract>,
): RequestHandler {
  return async (req, res) => {
    const byKey = deps.keyCaller !== undefined && bearerOf(req) !== undefined ? deps.keyCaller : undefined;
    const person = byKey === undefined && route.auth === 'session' ? deps.callerOf(req, res) : undefined;
    const params = route.params ? validate(route.params, req.params) : undefined;
    // before the body is read: a caller who may not act here learns nothing from its validation
    if (person !== undefined) await deps.access(route, params, person);
    const caller = byKey === undefined ? person : await byKey(req, route, params);
    const query = route.query ? validate(route.query, req.query) : undefined;
    const body = route.body && !route.upload ? validate(route.body, req.body ?? {}) : undefined;
    const reply = (await handler({ params, query, body, caller, req, res } as RouteInput<RouteContract>)) as
      | { status: number; body?: unknown }
      | FileReply
      | RedirectReply;
    if ('file' in reply) return sendFile(res, reply.file);
    if ('redirect' in reply) {
      if (!redirectLocal(res, reply.status, reply.redirect)) throw new HttpError(404, errorCode.notFound);
      return;
    }
    if (deps.checkResponses) checkReply(route, reply.status, reply.body);
    if (reply.body === undefined) res.status(reply.status).end();
    else res.status(reply.status).json(reply.body);
  };
}

async function sendFile(res: Response, file: FileReply['file']): Promise<void> {
  res.status(200).setHeader('content-type', file.contentType);
  if (file.disposition) res.setHeader('content-disposition', file.disposition);
  for (const [name, value] of Object.entries(file.headers ?? {})) res.setHeader(name, value);
  if (typeof file.data === 'function') await file.data(res);
  else res.send(file.data);
}

/** The answer against the contract: a status it does not declare, or a body its schema refuses, is a bug. */
export function checkReply(route: RouteContract, status: number, body: unknown): void {
  const schema = route.responses[status];
  const wrong = (why: string) =>
    new HttpError(500, errorCode.internal, undefined, {
      cause: new Error(`${nameOf(route)} answered ${status}: ${why}`),
    });
  if (schema === undefined) throw wrong('a status its contract does not declare');
  if (schema === null) {
    if (body !== undefined) throw wrong('a body where its contract declares none');
    return;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw wrong(JSON.stringify(parsed.error.issues.slice(0, 3)));
}
