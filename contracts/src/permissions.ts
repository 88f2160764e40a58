import { z } from 'zod';

/**
 * Per-event permissions (rights): the one catalogue. A member holds a set of these for each
 * event of their organisation; the BFF refuses a route or webhook operation whose permission the caller
 * lacks (route-access.ts says which one each needs), the reference upstream masks what they may not see.
 */
export const PERMISSIONS = [
  /** see the event, its teams, tasks, documents and features */
  'event:read',
  /** change the event: its details, status, forms, features, logo, closing its registrations */
  'event:settings',
  /** see who registered (contact data masked without `registrations:contacts`) */
  'registrations:read',
  /** see registrants' e-mail, phone and documents unmasked */
  'registrations:contacts',
  'registrations:export',
  /** confirm by hand, erase */
  'registrations:write',
  /** teams, projects, tasks */
  'planning:write',
  /** the event's documents: add, edit, delete */
  'documents:write',
  'mailings:send',
  'badges:manage',
  'checkin:scan',
  'b2b:manage',
  'meetings:manage',
  'requests:manage',
  /** the rights page: grant these per member type and per member */
  'rights:manage',
  /**
   * create events in the organisation: read from the organisation's rules (the levels of `Grants` above the
   * event's), since the event does not exist yet; the new event then gives its creator what those rules
   * give, like any other member, never more
   */
  'events:create',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Read from the organisation's rules only (an event's own grant of it changes nothing): not on an event's page. */
export const ORGANIZATION_PERMISSIONS: readonly Permission[] = ['events:create'];
/** What an event's rights page offers. */
export const EVENT_PERMISSIONS = PERMISSIONS.filter((p) => !ORGANIZATION_PERMISSIONS.includes(p));

export const permission = z.enum(PERMISSIONS);
/** A set of permissions as stored and sent: unique, in catalogue order. */
export const permissionSet = z
  .array(permission)
  .max(PERMISSIONS.length * 2)
  .transform((list) => PERMISSIONS.filter((p) => list.includes(p)));

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

const all = (except: readonly Permission[] = []) => PERMISSIONS.filter((p) => !except.includes(p));

/**
 * Presets offered on the rights page. `readOnly` is the stewards' and volunteers' role: they see the event
 * and who registered, with e-mail, phone and documents masked, and can export or change nothing.
 */
export const ROLE_PRESETS = {
  full: all(['rights:manage']),
  readOnly: ['event:read', 'registrations:read'],
} as const satisfies Record<string, readonly Permission[]>;
export type RolePreset = keyof typeof ROLE_PRESETS;

/**
 * What a member type holds in an event nobody set rights for. Today a member could do all the day-to-day
 * work: they keep it, but not the rights page. Admins hold everything; owners always do (not overridable).
 * A member type the catalogue does not know gets the read-only preset.
 */
export const MEMBER_TYPE_DEFAULTS: Readonly<Record<string, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  member: ROLE_PRESETS.full,
};

/** The member type whose permissions cannot be narrowed. */
export const OWNER_TYPE = 'owner';

export interface Grants {
  /** the member's type code in the event's organisation; null = not a member (no permission at all) */
  memberType: string | null;
  /**
   * The organisation's rules, for every event of it that sets nothing of its own (and for creating one):
   * what it grants to the member type (replaces the type's default), and to the member (replaces that).
   */
  organizationTypeGrants?: readonly Permission[] | null;
  organizationMemberGrants?: readonly Permission[] | null;
  /** what the event grants to that member type, when set for it (replaces the organisation's rules) */
  typeGrants?: readonly Permission[] | null;
  /** what the event grants to that member, when set (replaces the type's) */
  memberGrants?: readonly Permission[] | null;
}

/**
 * The effective permissions of a member in an event: an owner holds all; else the member's own grant when
 * the event sets one, else the grant of their member type in the event, else the organisation's grant to
 * the member, else its grant to their type, else the type's default. Each level replaces the one below (no
 * union): a member narrowed to read-only stays read-only whatever their type gets. Without the event's
 * levels, the same resolution gives what the member holds in the organisation (`events:create`).
 */
export function effectivePermissions(grants: Grants): Permission[] {
  const { memberType } = grants;
  if (memberType === null || memberType === '') return [];
  if (memberType === OWNER_TYPE) return [...PERMISSIONS];
  const chosen =
    grants.memberGrants ??
    grants.typeGrants ??
    grants.organizationMemberGrants ??
    grants.organizationTypeGrants ??
    MEMBER_TYPE_DEFAULTS[memberType] ??
    ROLE_PRESETS.readOnly;
  return PERMISSIONS.filter((p) => chosen.includes(p));
}

/** What masked contact data reads as (e-mail, phone and the like). */
export const MASKED = '•••';

/** Form fields holding contact data or identity documents, by name. */
const CONTACT_FIELD = /mail|phone|tel|mobile|whatsapp|fax|address|adresse|passport|passeport|document/i;

export function isContactField(name: string): boolean {
  return CONTACT_FIELD.test(name);
}
