import { describe, expect, it } from 'vitest';
import { invitationRoutes } from './invitations';
import { memberRoutes } from './members';
import { hasRole, MANAGER_TYPES } from './roles';

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
