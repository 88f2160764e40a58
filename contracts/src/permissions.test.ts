import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  isContactField,
  MEMBER_TYPE_DEFAULTS,
  PERMISSIONS,
  permissionSet,
  ROLE_PRESETS,
} from './permissions';

describe('effective permissions in an event', () => {
  it('gives an owner every permission, whatever the event sets for them', () => {
    expect(effectivePermissions({ memberType: 'owner', memberGrants: [], typeGrants: [] })).toEqual([
      ...PERMISSIONS,
    ]);
  });

  it('gives nothing to someone who is not a member', () => {
    expect(effectivePermissions({ memberType: null, memberGrants: [...PERMISSIONS] })).toEqual([]);
    expect(effectivePermissions({ memberType: '' })).toEqual([]);
  });

  it('keeps today’s behaviour by default: admins everything, members all but the rights page', () => {
    expect(effectivePermissions({ memberType: 'admin' })).toEqual([...PERMISSIONS]);
    const member = effectivePermissions({ memberType: 'member' });
    expect(member).not.toContain('rights:manage');
    expect(member).toContain('registrations:export');
    expect(member).toContain('registrations:contacts');
    expect(member).toHaveLength(PERMISSIONS.length - 1);
  });

  it('lets the event’s grant to a member type replace the type’s default', () => {
    expect(effectivePermissions({ memberType: 'member', typeGrants: ['event:read'] })).toEqual([
      'event:read',
    ]);
    expect(effectivePermissions({ memberType: 'admin', typeGrants: [] })).toEqual([]);
  });

  it('lets a member’s own grant replace their type’s, narrower or wider (no union)', () => {
    const readOnly = effectivePermissions({
      memberType: 'admin',
      typeGrants: [...PERMISSIONS],
      memberGrants: ROLE_PRESETS.readOnly,
    });
    expect(readOnly).toEqual(['event:read', 'registrations:read']);
    expect(
      effectivePermissions({ memberType: 'member', typeGrants: [], memberGrants: ['rights:manage'] }),
    ).toEqual(['rights:manage']);
  });

  it('treats an unknown member type as read-only', () => {
    expect(effectivePermissions({ memberType: 'steward' })).toEqual([...ROLE_PRESETS.readOnly]);
  });

  it('answers in catalogue order without duplicates', () => {
    expect(
      effectivePermissions({ memberType: 'member', memberGrants: ['rights:manage', 'event:read'] }),
    ).toEqual(['event:read', 'rights:manage']);
    expect(permissionSet.parse(['rights:manage', 'event:read', 'event:read'])).toEqual([
      'event:read',
      'rights:manage',
    ]);
    expect(permissionSet.safeParse(['registrations:everything']).success).toBe(false);
  });

  it('keeps the read-only role away from contact data, exports and changes', () => {
    for (const denied of ['registrations:contacts', 'registrations:export', 'registrations:write'] as const) {
      expect(ROLE_PRESETS.readOnly).not.toContain(denied);
    }
    expect(MEMBER_TYPE_DEFAULTS.owner).toEqual(PERMISSIONS);
  });

  it('recognises contact fields by name', () => {
    for (const name of [
      'email',
      'phone',
      'mobilePhone',
      'whatsapp',
      'address',
      'passportNumber',
      'documents',
    ])
      expect(isContactField(name), name).toBe(true);
    for (const name of ['firstName', 'company', 'country', 'diet'])
      expect(isContactField(name), name).toBe(false);
  });
});
