import { API_KEY_SCOPES, type ApiKeyScope } from './api-keys';
import type { RouteContract } from './http';
import { accessOf, isPermissionAccess } from './route-access';
import { allRoutes } from './routes';

/**
 * The scope a key needs for a route: none (null) unless the route is marked `apiKey`; then the route's
 * permission, or `event:read` for an organisation-level read (its events).
 */
export function keyScopeOf(route: RouteContract): ApiKeyScope | null {
  if (route.apiKey !== true) return null;
  const access = accessOf(route);
  if (access !== undefined && isPermissionAccess(access))
    return (API_KEY_SCOPES as readonly string[]).includes(access) ? (access as ApiKeyScope) : null;
  return access === 'organization' && route.method === 'GET' ? 'event:read' : null;
}

/** Every route a key may call, in the table's order; throws on a marked route no scope covers. */
export function keyCallableRoutes(routes: readonly RouteContract[] = allRoutes()): RouteContract[] {
  const marked = routes.filter((route) => route.apiKey === true);
  for (const route of marked)
    if (keyScopeOf(route) === null) throw new Error(`${route.method} ${route.path}: apiKey without a scope`);
  return marked;
}
