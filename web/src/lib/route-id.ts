import { ROUTE_ID } from '@evt/contracts/route-id';

/** The id a URL part names, or null when it is not one. */
export function parseRouteId(text: string | undefined): number | null {
  return text !== undefined && ROUTE_ID.test(text) ? Number(text) : null;
}

/**
 * A `{name}-{rest}` segment (`dashboard-12`, `collaborators-3`): its name and what follows the first dash
 * (the id to parse), or null when the segment has no name. Names are lower case, digits and `_`.
 */
export function splitNamedSegment(segment: string | undefined): { name: string; rest: string } | null {
  const match = /^([a-z0-9_]+)-(.*)$/.exec(segment ?? '');
  return match ? { name: match[1] ?? '', rest: match[2] ?? '' } : null;
}
