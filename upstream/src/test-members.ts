import { DEMO_ORGANISER } from './seed/demo';
import type { TestUpstream } from './test-helpers';

/** member_types ids (migration 001). */
export const MEMBER_TYPE_IDS = { owner: 1, admin: 2, member: 3 } as const;
export const TEST_PASSWORD = 'test-password-2026';

/**
 * A new user who joined an organisation as `type`, the way people do: an owner invites the address, the
 * invitee creates an account from the mailed code and accepts it. Answers the user's upstream token.
 */
export async function joinAs(
  up: TestUpstream,
  ownerToken: string,
  organizationId: number,
  type: keyof typeof MEMBER_TYPE_IDS,
  email: string,
): Promise<string> {
  const invited = await up.call(`/organizations/${organizationId}/members/invite`, {
    method: 'POST',
    token: ownerToken,
    json: { email, memberTypeId: MEMBER_TYPE_IDS[type], url: 'http://localhost:3000/organizations/invite' },
  });
  if (invited.status !== 201) throw new Error(`invite ${email}: ${invited.status}`);
  const mail = (await up.outbox()).findLast((message) => message.to === email);
  const code = new URL(mail?.links[0] ?? 'http://x').searchParams.get('code') ?? '';
  const account = await up.call('/user/addUser', {
    method: 'POST',
    json: {
      firstName: type,
      lastName: 'Tester',
      email,
      password: TEST_PASSWORD,
      redirect_uri: 'http://localhost:3000/verify',
      invitation_code: code,
    },
  });
  if (account.status !== 201) throw new Error(`account ${email}: ${account.status}`);
  const token = await up.login(email, TEST_PASSWORD);
  const joined = await up.call(`/organizations/add-member?code=${encodeURIComponent(code)}`, {
    method: 'POST',
    token,
  });
  if (joined.status !== 200) throw new Error(`join ${email}: ${joined.status}`);
  return token;
}

/** The demo organiser's token and the id of their first organisation, where role tests are played. */
export async function demoOrganisation(up: TestUpstream): Promise<{ owner: string; orgId: number }> {
  const owner = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const orgs = (await (await up.call('/organizations', { token: owner })).json()) as {
    data: { id: number }[];
  };
  return { owner, orgId: orgs.data[0]?.id as number };
}
