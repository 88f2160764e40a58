/** An id in a URL: a positive integer of at most ten digits, no sign, no leading zero (as the BFF accepts). */
const ID = /^[1-9]\d{0,9}$/;

/** The id a URL part names, or null when it is not one. */
export function parseRouteId(text: string | undefined): number | null {
  return text !== undefined && ID.test(text) ? Number(text) : null;
}

/**
 * A `{name}-{rest}` segment (`dashboard-12`, `collaborators-3`): its name and what follows the first dash
 * (the id to parse), or null when the segment has no name. Names are lower case, digits and `_`.
 */
export function splitNamedSegment(segment: string | undefined): { name: string; rest: string } | null {
  const match = /^([a-z0-9_]+)-(.*)$/.exec(segment ?? '');
  return match ? { name: match[1] ?? '', rest: match[2] ?? '' } : null;
}
