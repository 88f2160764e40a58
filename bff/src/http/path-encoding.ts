/**
 * True when the request's path holds a `%` escape that does not decode (`/api/public/events/%ff`): such a
 * path names nothing, and each router that met it threw its own error (a 500 with a stack in the log). It
 * is refused once, before any router: 400 `errors.malformedUrl`.
 */
export function hasMalformedEscape(url: string | undefined): boolean {
  const at = url?.indexOf('?') ?? -1;
  const pathname = at === -1 ? (url ?? '') : (url ?? '').slice(0, at);
  if (!pathname.includes('%')) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
