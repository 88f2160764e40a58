import { authRoutes } from './auth';
import { eventRoutes } from './events';
import type { RouteContract } from './http';
import { organizationRoutes } from './organizations';

/**
 * Every `/api` route the SPA may call. The BFF mounts handlers for the `bff` routes and proxies only the
 * `proxy` routes listed here (the allowlist); anything else under `/api` is a 404.
 */
export const apiRoutes = {
  auth: authRoutes,
  organizations: organizationRoutes,
  events: eventRoutes,
} as const satisfies Record<string, Record<string, RouteContract>>;

export function allRoutes(): RouteContract[] {
  return Object.values(apiRoutes).flatMap((group) => Object.values(group) as RouteContract[]);
}
