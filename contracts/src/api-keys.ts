import { z } from 'zod';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { orgParams } from './organizations';
import type { Permission } from './permissions';
import { id, msg } from './validation';

/**
 * An organisation's API keys (docs/decisions/api.md). A key is a bearer token (`Authorization: Bearer evt_…`)
 * that an owner makes for a program: it calls only the routes marked `apiKey: true` in the route tables,
 * each needing a scope, which is the route's permission of the catalogue (route-access.ts). The key is
 * shown once, when made; only its SHA-256 digest is stored.
 */

/** What a key may be given: permissions of the catalogue that key-callable routes need. */
export const API_KEY_SCOPES = [
  'event:read',
  'registrations:read',
  'registrations:write',
  'checkin:scan',
  'b2b:manage',
] as const satisfies readonly Permission[];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts so: a leaked one is recognised (secret scanners), and told from a session token. */
export const API_KEY_PREFIX = 'evt_';
/** `evt_` then 32 random bytes in base64url */
export const API_KEY_PATTERN = /^evt_[A-Za-z0-9_-]{43}$/;
export const API_KEY_NAME_MAX = 80;
/** Keys an organisation keeps, revoked ones included. */
export const API_KEYS_MAX = 50;

export const apiKeyName = z
  .string({ error: msg.invalidInput })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .max(API_KEY_NAME_MAX, { error: msg.invalidInput });

export const apiKeyScopes = z
  .array(z.enum(API_KEY_SCOPES, { error: msg.invalidInput }), { error: msg.invalidInput })
  .min(1, { error: msg.atLeastOne })
  .max(API_KEY_SCOPES.length * 2)
  .transform((list) => API_KEY_SCOPES.filter((scope) => list.includes(scope)));

export const createApiKeyBody = z.object({ name: apiKeyName, scopes: apiKeyScopes });
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** A key as listed: never the key itself. */
export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;
export const apiKeyList = z.object({ data: z.array(apiKey) });

/** The answer to its creation: the only time the key is sent. */
export const createdApiKey = z.object({ apiKey, key: z.string().regex(API_KEY_PATTERN) });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyParams = orgParams.extend({ keyId: id() });

/** The parts of the OpenAPI document the console shows (openapi.ts writes the whole of it). */
const openApiOperation = z.looseObject({
  operationId: z.string(),
  tags: z.array(z.string()),
  'x-required-scope': z.enum(API_KEY_SCOPES),
  parameters: z.array(
    z.looseObject({ name: z.string(), in: z.enum(['path', 'query']), required: z.boolean() }),
  ),
});
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), openApiOperation)),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/organizations/:id/api-keys',
    kind: 'proxy',
    auth: 'session',
    role: 'owner',
    params: orgParams,
    responses: { 200: apiKeyList, ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/organizations/:id/api-keys',
    kind: 'proxy',
    auth: 'session',
    role: 'owner',
    params: orgParams,
    body: createApiKeyBody,
    responses: { 201: createdApiKey, ...commonErrors, 409: commonErrors[400] },
  }),
  /** a BFF route: every instance then drops what it had cached of the key */
  revoke: defineRoute({
    method: 'DELETE',
    path: '/organizations/:id/api-keys/:keyId',
    kind: 'bff',
    auth: 'session',
    role: 'owner',
    params: apiKeyParams,
    responses: { 204: null, ...commonErrors },
  }),
  /**
   * The published API (openapi.ts): public, since it describes routes and never data; a program reads it
   * without its key
   */
  openApi: defineRoute({
    method: 'GET',
    path: '/openapi.json',
    kind: 'bff',
    auth: 'public',
    responses: { 200: openApiDocumentSchema, ...commonErrors },
  }),
} as const;

/** What the BFF learns of a key it is called with (the key itself as the bearer token). */
export const apiKeyIdentity = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
});
export type ApiKeyIdentity = z.infer<typeof apiKeyIdentity>;

export const apiKeyUpstreamRoutes = {
  /** the key named by the bearer token: 401 when unknown, revoked, or its owner no longer owns the organisation */
  current: defineUpstreamRoute({
    service: 'rest',
    method: 'GET',
    path: '/api-keys/current',
    auth: 'user',
    responses: { 200: apiKeyIdentity },
  }),
  revoke: defineUpstreamRoute({
    service: 'rest',
    method: 'DELETE',
    path: '/organizations/:id/api-keys/:keyId',
    auth: 'user',
    params: apiKeyParams,
    responses: { 204: null },
  }),
} as const;
