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
  // every request is matched (the request labeller does it first): candidates are indexed by method,
  // segment count and first segment, in the order above, so a path is compared with a handful of routes
  const index = new Map<string, CompiledRoute[]>();
  const key = (method: string, count: number, first: string) => `${method} ${count} ${first}`;
  for (const [method, list] of byMethod) {
    for (const count of new Set(list.map((c) => c.literals.length))) {
      const shaped = list.filter((c) => c.literals.length === count);
      // a first segment no route names literally can only match a route that starts with a parameter
      index.set(
        key(method, count, ''),
        shaped.filter((c) => c.literals[0] === null),
      );
      for (const first of new Set(shaped.map((c) => c.literals[0]))) {
        if (typeof first !== 'string') continue;
        index.set(
          key(method, count, first),
          shaped.filter((c) => c.literals[0] === null || c.literals[0] === first),
        );
      }
    }
  }

  return function match(method: string, apiPath: string): RouteMatch | null | 'bad-encoding' {
    // apiPath is what follows `/api`, starting with '/'
    const segments = apiPath.split('/');
    const count = segments.length - 1;
    const candidates = index.get(key(method, count, segments[1]!)) ?? index.get(key(method, count, ''));
    if (candidates === undefined) return null;
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
