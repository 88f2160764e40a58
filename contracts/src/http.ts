import { z } from 'zod';
import type { ErrorCode } from './errors';
import { OUTSIDE_FAILURE_REASONS } from './outside-failures';
import type { OrgRole } from './roles';

/** The error body every BFF answer carries when it is not a success. `code` is an i18n key under `errors.`. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z
      .object({
        /** field path (dot separated) -> validation message keys */
        fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
        requestId: z.string().optional(),
        retryAfterSeconds: z.number().optional(),
        /** why a calendar or Zoom call failed, a `calendar.reasons.*` key (spec section 8: 'Erreur création meeting: ...') */
        reason: z.enum(OUTSIDE_FAILURE_REASONS).optional(),
        /** the Google account a meeting's Calendar event belongs to, when its connection is gone */
        googleAccount: z.string().optional(),
        /** errors.featureOff: the switched-off feature */
        feature: z.string().optional(),
      })
      .optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where a route is answered:
 * - `bff`: by a BFF handler (auth, session, gateways);
 * - `proxy`: streamed as is to the REST upstream at `upstreamPath` (default: the same path without `/api`),
 *   with the session's bearer token. Only routes in the table are proxied.
 */
export type RouteKind = 'bff' | 'proxy';

export interface RouteContract {
  readonly method: HttpMethod;
  /** Express-style pattern below `/api`, e.g. `/organizations/:id` */
  readonly path: string;
  readonly kind: RouteKind;
  readonly auth: 'session' | 'public';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** every status the route answers with, and its body; `null` for an empty body */
  readonly responses: Readonly<Record<number, z.ZodType | null>>;
  readonly upstreamPath?: string;
  /** multipart routes: the largest accepted file and the accepted content types */
  readonly upload?: { readonly maxBytes: number; readonly types: readonly string[] };
  /**
   * The caller's role needed in the organisation the route acts on (contracts/src/roles.ts); absent = any
   * member, as the upstream decides. Every route below `/organizations/:id` or `/invitations/:id` declares it.
   */
  readonly role?: OrgRole;
  /**
   * An organisation's API key may call it (api-keys.ts): the one list of the key-callable routes, read by
   * the BFF's key check and by the published OpenAPI document alike.
   */
  readonly apiKey?: true;
}

/** Statuses that any route may answer with, beside its own. */
export const commonErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
  500: errorBody,
  502: errorBody,
  503: errorBody,
  504: errorBody,
} as const;

export function defineRoute<const R extends RouteContract>(route: R): R {
  return route;
}

/** What a refusal of an upstream route means to the browser: our code, and the status it answers with. */
export interface UpstreamRefusal {
  readonly code: ErrorCode;
  /** default: the upstream's status */
  readonly status?: number;
  readonly retryAfterSeconds?: number;
}

/**
 * A route of the REST upstream or the automation webhook, as the BFF calls it for itself (upstream-routes.ts):
 * the same shape as a RouteContract (method, path, params, query, body, each answer status and its body),
 * plus who it is called as and what its refusals mean.
 */
export interface UpstreamRoute {
  /** `rest`: UPSTREAM_API_URL; `webhook`: AUTOMATION_WEBHOOK_URL */
  readonly service: 'rest' | 'webhook';
  readonly method: HttpMethod;
  /** the upstream's pattern, e.g. `/user/newPassword/:code` (what a log line may show) */
  readonly path: string;
  /** `user`: the session's bearer token; `service`: the BFF's shared header; `none`: no credential */
  readonly auth: 'user' | 'service' | 'none';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** every success status and its body (`null` for none); an answer outside them is a broken upstream */
  readonly responses: Readonly<Record<number, z.ZodType | null>>;
  /** refusals that mean more on this route than their status says (else the BFF maps them by status) */
  readonly errors?: Readonly<Record<number, UpstreamRefusal>>;
  /** statuses saying the user's token is dead: the session ends (always 401) */
  readonly endsSession?: readonly number[];
}

export function defineUpstreamRoute<const R extends UpstreamRoute>(route: R): R {
  return route;
}

/** `/organizations/:id` -> `/organizations/42` with each param URI-encoded. */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

type SuccessStatus = 200 | 201 | 202 | 204;
type ResponseOf<R extends Pick<RouteContract, 'responses'>, S> = S extends keyof R['responses']
  ? R['responses'][S] extends z.ZodType
    ? z.infer<R['responses'][S]>
    : undefined
  : never;

/** The body type of a route's success answer (200, 201, 202 or 204). */
export type SuccessBody<R extends Pick<RouteContract, 'responses'>> = ResponseOf<
  R,
  Extract<keyof R['responses'], SuccessStatus>
>;
export type ParamsOf<R extends Pick<RouteContract, 'params'>> = R['params'] extends z.ZodType
  ? z.input<R['params']>
  : undefined;
export type QueryOf<R extends Pick<RouteContract, 'query'>> = R['query'] extends z.ZodType
  ? z.input<R['query']>
  : undefined;
export type BodyOf<R extends Pick<RouteContract, 'body'>> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined;

/** The custom header every state-changing `/api` call must carry (CSRF defence, see README). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'evt-spa';
