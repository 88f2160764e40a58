import { describe, expect, it } from 'vitest';
import { invitationRoutes } from './invitations';
import { changeMemberTypeBody, inviteRequest, memberRoutes } from './members';
import { hasRole, MANAGER_TYPES } from './roles';
import { fieldErrors, msg } from './validation';

describe('who learns the name of an invitee who already has an account', () => {
  // the invite's answer names the account found; only someone who may read the members list may see it
  it('is someone who may read the organisation’s members', () => {
    const inviter = invitationRoutes.invite.role;
    const reader = memberRoutes.list.role;
    for (const type of [...MANAGER_TYPES, 'member', 'guest'])
      if (hasRole(type, inviter))
        expect({ type, reads: hasRole(type, reader) }).toEqual({ type, reads: true });
  });
});

describe('a member type not chosen', () => {
  it('says the member type is required, on the invitation and on a member', () => {
    // the invitation form's placeholder option is `0`; a number input left empty gives NaN
    for (const memberTypeId of [0, Number.NaN, undefined]) {
      const invite = inviteRequest.safeParse({ email: 'a@example.com', memberTypeId });
      expect(invite.success).toBe(false);
      if (!invite.success) expect(fieldErrors(invite.error).memberTypeId).toEqual([msg.memberTypeRequired]);
      const change = changeMemberTypeBody.safeParse({ memberTypeId });
      expect(change.success).toBe(false);
      if (!change.success) expect(fieldErrors(change.error).memberTypeId).toEqual([msg.memberTypeRequired]);
    }
  });
});
