import { type ActivityItem, activityFeed } from '@evt/contracts/analytics';
import { ROLE_PRESETS } from '@evt/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { demoOrganisation, joinAs } from '../test-members';

/** The event's activity: registrations, mailings, B2B and deletions, each as the caller may see it. */
let up: TestUpstream;
let owner: string;
let orgId: number;
const events: Record<string, number> = {};
beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  const list = (await (await up.call(`/organizations/${orgId}/events`, { token: owner })).json()) as {
    data: { id: number; slug: string }[];
  };
  for (const e of list.data) events[e.slug] = e.id;
});
afterAll(() => up?.close());

const feed = async (eventId: number | undefined, token = owner) => {
  const answer = await up.call(`/events/${eventId}/activity`, { token });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return activityFeed.parse(await answer.json()).data;
};
const kinds = (items: ActivityItem[]) => new Set(items.map((item) => item.kind));

describe('the event activity', () => {
  it('lists registrations, their cancellation and deletion by whom, and mailings sent', async () => {
    const id = events['sii-2027'];
    const registrations = (await (
      await up.call(`/events/${id}/registrations?limit=100&sort=createdAt`, { token: owner })
    ).json()) as { data: { id: number; status: string }[] };
    const [cancelled, deleted] = registrations.data.filter((r) => r.status !== 'cancelled');
    const cancel = await up.call(`/events/${id}/registrations/${cancelled?.id}/cancel`, {
      method: 'POST',
      token: owner,
      json: { origin: 'http://localhost:3000' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const remove = await up.call(`/events/${id}/registrations/${deleted?.id}`, {
      method: 'DELETE',
      token: owner,
    });
    expect(remove.status).toBe(204);

    const items = await feed(id);
    expect(kinds(items)).toEqual(
      new Set([
        'registration.created',
        'registration.confirmed',
        'registration.cancelled',
        'registration.deleted',
        'mailing.sent',
      ]),
    );
    // newest first
    const times = items.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    const cancelling = items.find((item) => item.kind === 'registration.cancelled');
    expect(cancelling).toMatchObject({ actor: 'Camille Martin', exists: true });
    expect(cancelling?.registration?.id).toBe(cancelled?.id);
    const deletion = items.find((item) => item.kind === 'registration.deleted');
    expect(deletion).toMatchObject({ actor: 'Camille Martin', exists: false, registration: null });
    // a deleted registration is no longer named anywhere in the feed
    expect(items.some((item) => item.registration?.id === deleted?.id)).toBe(false);
    const mailing = items.find((item) => item.kind === 'mailing.sent');
    expect(mailing?.count).toBeGreaterThan(0);
    expect(mailing?.names[0]).toMatch(/\S/);
    expect(mailing?.names[0]).not.toContain('{{event}}');
  });

  it('lists the B2B requests with both companies, and the scheduling run and publication', async () => {
    const id = events['forum-b2b-lyon'];
    await up.db.query(
      `UPDATE b2b_programmes SET run_state = 'done', run_finished_at = now(),
         published_at = now() + interval '1 minute' WHERE event_id = $1`,
      [id],
    );
    const items = await feed(id);
    // the demo's own cancellation and erasure, by its organiser
    for (const kind of ['registration.cancelled', 'registration.deleted'] as const)
      expect(items.find((item) => item.kind === kind)?.actor, kind).toBe('Camille Martin');
    const request = items.find((item) => item.kind === 'b2b.requested');
    expect(request?.names).toHaveLength(2);
    expect(request?.names.every((name) => name !== '')).toBe(true);
    expect(request?.registration?.kind).toBe('b2b');
    expect(items.find((item) => item.kind === 'b2b.published')?.count).toBeGreaterThanOrEqual(0);
    expect(items.findIndex((item) => item.kind === 'b2b.published')).toBeLessThan(
      items.findIndex((item) => item.kind === 'b2b.scheduled'),
    );
  });

  it('shows a read-only member only the registrations', async () => {
    const member = await joinAs(up, owner, orgId, 'member', 'activity-steward@example.com');
    const userId = ((await (await up.call('/auth/userinfo', { token: member })).json()) as { id: number }).id;
    const id = events['sii-2027'];
    const grant = await up.call(`/events/${id}/rights/members/${userId}`, {
      method: 'PUT',
      token: owner,
      json: { permissions: ROLE_PRESETS.readOnly },
    });
    expect(grant.status).toBe(204);
    const items = await feed(id, member);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.kind.startsWith('registration.'))).toBe(true);
  });
});
