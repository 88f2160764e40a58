import type { Permission } from '@evt/contracts/permissions';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { demoOrganisation, joinAs, TEST_PASSWORD } from '@evt/upstream/test-members';
import {
  DEMO_ORGANISER,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

/**
 * The stage of the attacks a narrowed member plays: the reference upstream with its demo data, a BFF in
 * front of it, the demo organiser (owner of the first organisation) signed in, and members of that
 * organisation given a set of permissions in one event, the way an owner does it (the rights route).
 */
export interface Stage {
  upstream: TestUpstream;
  bff: RunningBff;
  ownerToken: string;
  /** the owner's BFF session cookie */
  owner: string;
  orgId: number;
  /** the owner's upstream call, its JSON answer (throws on a refusal) */
  asOwner(path: string, init?: Parameters<TestUpstream['call']>[1]): Promise<Record<string, unknown>>;
  /** a new member of the organisation, with only `permissions` in `eventId`: their BFF session cookie */
  memberWith(email: string, eventId: number, permissions: readonly Permission[]): Promise<string>;
  /** the id of the demo organisation's event with this slug */
  eventId(slug: string): Promise<number>;
  close(): Promise<void>;
}

export async function stage(): Promise<Stage> {
  const upstream = await startUpstream();
  const bff = await startBff(testConfig(upstream));
  const { owner: ownerToken, orgId } = await demoOrganisation(upstream);
  const signIn = async (email: string, password: string) => {
    const { response, cookie, text } = await login(bff.url, { email, password });
    if (response.status !== 200) throw new Error(`sign-in ${email}: ${response.status} ${text}`);
    return cookie;
  };
  const owner = await signIn(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const asOwner: Stage['asOwner'] = async (path, init = {}) => {
    const answer = await upstream.call(path, { token: ownerToken, ...init });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.status === 204 ? {} : ((await answer.json()) as Record<string, unknown>);
  };
  return {
    upstream,
    bff,
    ownerToken,
    owner,
    orgId,
    asOwner,
    async memberWith(email, eventId, permissions) {
      const token = await joinAs(upstream, ownerToken, orgId, 'member', email);
      const { id } = (await (await upstream.call('/auth/userinfo', { token })).json()) as { id: number };
      const granted = await fetch(`${bff.url}/api/events/${eventId}/rights/members/${id}`, {
        method: 'PUT',
        headers: { ...JSON_WRITE, cookie: owner },
        body: JSON.stringify({ permissions }),
      });
      if (granted.status !== 204) throw new Error(`grant ${email}: ${granted.status}`);
      return signIn(email, TEST_PASSWORD);
    },
    async eventId(slug) {
      const events = (await asOwner(`/organizations/${orgId}/events`)) as {
        data: { id: number; slug: string }[];
      };
      const found = events.data.find((event) => event.slug === slug);
      if (!found) throw new Error(`no event ${slug}`);
      return found.id;
    },
    async close() {
      await bff.close();
      await upstream.close();
    },
  };
}
