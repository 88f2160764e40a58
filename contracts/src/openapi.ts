import { z } from 'zod';
import { keyCallableRoutes, keyScopeOf } from './api-key-access';
import { API_KEY_SCOPES, type OpenApiDocument } from './api-keys';
import type { RouteContract } from './http';
import { apiRoutes } from './routes';

/**
 * The published API (docs/decisions/api.md): an OpenAPI 3.1 document of exactly the routes an API key may
 * call (the `apiKey` flag the BFF's key check reads), generated from their zod schemas with
 * `z.toJSONSchema`, never written by hand. Each operation names the scope it needs.
 */

type Json = Record<string, unknown>;

/** `/events/:id/registrations` -> `/api/events/{id}/registrations` */
export const openApiPath = (route: Pick<RouteContract, 'path'>) =>
  `/api${route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (schema === undefined) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The group a route belongs to in the route table (`registrations`, `checkin`...): its tag. */
function groupOf(route: RouteContract): string {
  for (const [group, routes] of Object.entries(apiRoutes))
    if (Object.values(routes).includes(route as never)) return group;
  return 'other';
}

function operationOf(name: string, route: RouteContract): Json {
  const scope = keyScopeOf(route);
  const responses: Json = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    const code = Number(status);
    if (code >= 400 && code !== 400 && code !== 401 && code !== 403 && code !== 404 && code !== 429) continue;
    responses[status] =
      schema === null
        ? { description: `${status}` }
        : {
            description: `${status}`,
            content: { 'application/json': { schema: schemaOf(schema, 'output') } },
          };
  }
  const operation: Json = {
    operationId: name,
    tags: [groupOf(route)],
    security: [{ apiKey: scope === null ? [] : [scope] }],
    'x-required-scope': scope,
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    responses,
  };
  if (route.body !== undefined)
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
    };
  return operation;
}

export function openApiDocument(version = '1'): OpenApiDocument {
  const callable = new Set(keyCallableRoutes());
  const paths: Record<string, Json> = {};
  for (const [group, routes] of Object.entries(apiRoutes))
    for (const [name, route] of Object.entries(routes) as [string, RouteContract][]) {
      if (!callable.has(route)) continue;
      const path = openApiPath(route);
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(`${group}.${name}`, route) };
    }
  return {
    openapi: '3.1.0',
    info: { title: 'Event platform API', version },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An organisation's API key (evt_…); scopes: ${API_KEY_SCOPES.join(', ')}`,
        },
      },
    },
    security: [{ apiKey: [] }],
    paths,
  } as OpenApiDocument;
}
