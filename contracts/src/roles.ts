/**
 * Organisation roles. A route or automation operation declares the role it needs in the
 * organisation it acts on: `manager` (owner or admin: the organisation's settings, image, invitations and
 * members) or `member` (any member: reading, and the day-to-day work on events, teams and tasks); `owner`
 * for what only owners see (the audit log, the secret credentials). The BFF refuses a call before it
 * reaches the upstream; the upstream checks it again.
 */
export type OrgRole = 'owner' | 'manager' | 'member';

/** The member types (`member_types.code`) that manage an organisation. */
export const MANAGER_TYPES: readonly string[] = ['owner', 'admin'];

/** Whether a member type (as GET /organizations/{id} answers it in `memberType`) holds a role. */
export function hasRole(memberType: string | null | undefined, role: OrgRole): boolean {
  if (typeof memberType !== 'string' || memberType === '') return false;
  if (role === 'owner') return memberType === 'owner';
  return role === 'member' || MANAGER_TYPES.includes(memberType);
}
