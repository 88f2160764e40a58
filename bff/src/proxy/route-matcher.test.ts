import { allRoutes } from '@evt/contracts/routes';
import { describe, expect, it } from 'vitest';
import { compileRoutes } from './route-matcher';

const match = compileRoutes(allRoutes().filter((route) => route.kind === 'proxy'));
const everyRoute = compileRoutes(allRoutes());

describe('compileRoutes', () => {
  it('matches the contract proxy routes by method and segments', () => {
    const found = match('GET', '/organizations/12/event-numbers');
    expect(found).toMatchObject({
      route: { path: '/organizations/:id/event-numbers' },
      params: { id: '12' },
    });
    expect(match('GET', '/organizations')).toMatchObject({ route: { path: '/organizations' } });
    expect(match('PUT', '/organizations/3')).toMatchObject({ params: { id: '3' } });
  });

  it('does not match other methods, BFF routes, empty or extra segments', () => {
    expect(match('DELETE', '/organizations/3')).toBeNull();
    expect(match('POST', '/auth/login')).toBeNull();
    expect(match('GET', '//organizations')).toBeNull();
    expect(match('GET', '/organizations/')).toBeNull();
    expect(match('GET', '/organizations/1/../2')).toBeNull();
  });

  it('decodes parameters, leaving validation to the route schema', () => {
    expect(match('GET', '/organizations/..%2F1')).toMatchObject({ params: { id: '../1' } });
    expect(match('GET', '/organizations/%E0%A4%A')).toBe('bad-encoding');
  });

  it('finds every contract route from a path of its own shape, literal segments before parameters', () => {
    for (const route of allRoutes()) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => `v-${name}`);
      const found = everyRoute(route.method, path);
      expect(found, `${route.method} ${route.path}`).not.toBeNull();
      if (found === null || found === 'bad-encoding') continue;
      // another route may match the same path only where it names a segment this one leaves open
      if (found.route !== route) {
        const mine = route.path.split('/');
        const theirs = found.route.path.split('/');
        expect(theirs.length, route.path).toBe(mine.length);
        const params = (parts: string[]) => parts.filter((part) => part.startsWith(':')).length;
        expect(params(theirs), `${route.path} lost to ${found.route.path}`).toBeLessThanOrEqual(params(mine));
      } else {
        expect(Object.keys(found.params).sort()).toEqual(
          [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort(),
        );
      }
    }
  });

  it('prefers a literal segment to a parameter in any position', () => {
    const routes = [
      { method: 'GET', path: '/a/:id', kind: 'proxy' },
      { method: 'GET', path: '/:kind/list', kind: 'proxy' },
      { method: 'GET', path: '/a/list', kind: 'proxy' },
    ] as unknown as Parameters<typeof compileRoutes>[0];
    const small = compileRoutes(routes);
    expect(small('GET', '/a/list')).toMatchObject({ route: { path: '/a/list' } });
    expect(small('GET', '/a/7')).toMatchObject({ route: { path: '/a/:id' }, params: { id: '7' } });
    expect(small('GET', '/b/list')).toMatchObject({ route: { path: '/:kind/list' }, params: { kind: 'b' } });
    expect(small('GET', '/b/7')).toBeNull();
    expect(small('GET', '/a')).toBeNull();
    // a first segment some route names literally can still fill another route's parameter
    const other = compileRoutes([routes[1]!, { ...routes[2]!, path: '/a/x' }]);
    expect(other('GET', '/a/list')).toMatchObject({ route: { path: '/:kind/list' }, params: { kind: 'a' } });
  });
});
