import type { Invitation, Member } from '@evt/contracts/upstream-members';
import { type Row, toIso } from '../db/db';

export const INVITATION_TTL_DAYS = 7;

export const INVITATION_COLUMNS = `i.id, i.organization_id, i.email, i.member_type_id, mt.code AS member_type, i.status,
  i.expires_at, i.created_at, (i.status = 'pending' AND i.expires_at <= now()) AS lapsed`;

export function toInvitation(row: Row): Invitation {
  const status = row.lapsed ? 'expired' : (String(row.status) as Invitation['status']);
  return {
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    email: String(row.email),
    memberTypeId: Number(row.member_type_id),
    memberType: String(row.member_type),
    status,
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  };
}

export function toMember(row: Row): Member {
  return {
    userId: Number(row.user_id),
    email: String(row.email),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    memberTypeId: Number(row.member_type_id),
    memberType: String(row.member_type),
    joinedAt: toIso(row.created_at),
  };
}
