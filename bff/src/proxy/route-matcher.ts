import type { RouteContract } from '@evt/contracts/http';

export interface RouteMatch {
  route: RouteContract;
  /** raw, URI-decoded path parameters, still to be validated by the route's params schema */
  params: Record<string, string>;
}

interface CompiledRoute {
  route: RouteContract;
  /** literal segment text, or null for a parameter */
  literals: (string | null)[];
  names: (string | null)[];
}

/**
 * Precompiled matching of `/api` paths against the contract's proxy routes: a path matches only segment by
 * segment, so `..`, empty segments (`//`) and encoded slashes can never select a route they do not name.
 * Returns null when nothing matches (Express answers: a BFF route or a 404), 'bad-encoding' when a
 * segment does not decode.
 */
export function compileRoutes(routes: readonly RouteContract[]) {
  const byMethod = new Map<string, CompiledRoute[]>();
  for (const route of routes) {
    const parts = route.path.split('/').slice(1);
    const compiled: CompiledRoute = {
      route,
      literals: parts.map((p) => (p.startsWith(':') ? null : p)),
      names: parts.map((p) => (p.startsWith(':') ? p.slice(1) : null)),
    };
    const list = byMethod.get(route.method) ?? [];
    list.push(compiled);
    // literal segments win over parameters: fewer parameters first
    list.sort((a, b) => a.names.filter(Boolean).length - b.names.filter(Boolean).length);
    byMethod.set(route.method, list);
  }

  return function match(method: string, apiPath: string): RouteMatch | null | 'bad-encoding' {
    const candidates = byMethod.get(method);
    if (candidates === undefined) return null;
    // apiPath is what follows `/api`, starting with '/'
    const segments = apiPath.split('/');
    const count = segments.length - 1;
    for (const candidate of candidates) {
      if (candidate.literals.length !== count) continue;
      let ok = true;
      for (let i = 0; i < count; i++) {
        const literal = candidate.literals[i];
        const segment = segments[i + 1]!;
        if (literal === null ? segment.length === 0 : literal !== segment) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < count; i++) {
        const name = candidate.names[i];
        if (name == null) continue;
        const segment = segments[i + 1]!;
        try {
          params[name] = segment.includes('%') ? decodeURIComponent(segment) : segment;
        } catch {
          return 'bad-encoding';
        }
      }
      return { route: candidate.route, params };
    }
    return null;
  };
}
