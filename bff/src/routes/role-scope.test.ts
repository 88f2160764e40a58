import { allRoutes } from '@evt/contracts/routes';
import { describe, expect, it } from 'vitest';
import { roleScopes, scopeOf } from './role-scope';

describe('where a role is checked', () => {
  it('reads the organisation, event or invitation id from the path parameter after the resource', () => {
    expect(scopeOf({ path: '/organizations/:orgId/events' })?.({ orgId: 4 })).toEqual({
      kind: 'organization',
      id: 4,
    });
    expect(scopeOf({ path: '/events/:id' })?.({ id: 9 })).toEqual({ kind: 'event', id: 9 });
    expect(scopeOf({ path: '/invitations/:id/resend' })?.({ id: 2 })).toEqual({ kind: 'invitation', id: 2 });
    expect(scopeOf({ path: '/teams/:id' })).toBeNull();
    expect(scopeOf({ path: '/organizations/add-member' })).toBeNull();
  });

  it('stops the BFF at start when a role is declared where no organisation can be found', () => {
    const route = {
      method: 'DELETE',
      path: '/teams/:id',
      kind: 'proxy',
      auth: 'session',
      responses: {},
    } as const;
    expect(() => roleScopes([{ ...route, role: 'manager' }])).toThrow(/DELETE \/teams\/:id/);
    expect(roleScopes([{ ...route, role: 'member' }]).size).toBe(0);
  });

  it('finds a scope for every route of the contract that needs a manager or an owner', () => {
    const managed = allRoutes().filter((route) => route.role === 'manager' || route.role === 'owner');
    expect(roleScopes(allRoutes()).size).toBe(managed.length);
  });
});
