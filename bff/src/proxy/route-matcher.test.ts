import { allRoutes } from '@evt/contracts/routes';
import { describe, expect, it } from 'vitest';
import { compileRoutes } from './route-matcher';

const match = compileRoutes(allRoutes().filter((route) => route.kind === 'proxy'));

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
});
