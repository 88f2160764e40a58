import { PERMISSIONS, ROLE_PRESETS } from '@evt/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { demoOrganisation, joinAs, MEMBER_TYPE_IDS } from '../test-members';

// Per-event permissions stored here, contact data masked here, rights changes in the audit log.
let up: TestUpstream;
let owner: string;
let steward: string;
let stewardId: number;
let orgId: number;
let eventId: number;

const json = async <T>(answer: Response) => {
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as T;
};
const put = (token: string, path: string, body: unknown) =>
  up.call(path, { method: 'PUT', token, json: body });

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  steward = await joinAs(up, owner, orgId, 'member', 'rights-steward@example.com');
  stewardId = (await json<{ id: number }>(await up.call('/auth/userinfo', { token: steward }))).id;
  const events = await json<{ data: { id: number }[] }>(
    await up.call(`/organizations/${orgId}/events`, { token: owner }),
  );
  for (const event of events.data) {
    const list = await json<{ total: number }>(
      await up.call(`/events/${event.id}/registrations`, { token: owner }),
    );
    if (list.total > 0) eventId = event.id;
  }
  expect(eventId).toBeDefined();
});
afterAll(() => up?.close());

const mine = async (token: string) =>
  json<{ memberType: string; permissions: string[] }>(
    await up.call(`/permissions/events/${eventId}`, { token }),
  );

describe('event permissions in the reference upstream', () => {
  it('answers the defaults, then a member type’s grant, then the member’s own', async () => {
    expect((await mine(owner)).permissions).toEqual([...PERMISSIONS]);
    expect((await mine(steward)).permissions).toEqual([...ROLE_PRESETS.full]);
    const typePath = `/events/${eventId}/rights/member-types/${MEMBER_TYPE_IDS.member}`;
    expect((await put(owner, typePath, { permissions: ['event:read'] })).status).toBe(204);
    expect((await mine(steward)).permissions).toEqual(['event:read']);
    const memberPath = `/events/${eventId}/rights/members/${stewardId}`;
    expect((await put(owner, memberPath, { permissions: ROLE_PRESETS.readOnly })).status).toBe(204);
    expect((await mine(steward)).permissions).toEqual([...ROLE_PRESETS.readOnly]);
    expect((await put(owner, typePath, { permissions: null })).status).toBe(204);
    expect((await mine(steward)).permissions).toEqual([...ROLE_PRESETS.readOnly]);
  });

  it('masks e-mail, phone and documents for the read-only role, in the list and one by one', async () => {
    const list = await json<{
      data: { id: number; email: string; data: Record<string, unknown>; files: [] }[];
    }>(await up.call(`/events/${eventId}/registrations?limit=100`, { token: steward }));
    expect(list.data.length).toBeGreaterThan(0);
    for (const row of list.data) {
      expect(row.email).toBe('•••');
      expect(row.files).toEqual([]);
      for (const [key, value] of Object.entries(row.data)) {
        if (/mail|phone/i.test(key)) expect(value, key).toBe('•••');
      }
    }
    const one = await json<{ email: string }>(
      await up.call(`/events/${eventId}/registrations/${list.data[0]?.id}`, { token: steward }),
    );
    expect(one.email).toBe('•••');
    const full = await json<{ data: { email: string }[] }>(
      await up.call(`/events/${eventId}/registrations?limit=100`, { token: owner }),
    );
    expect(full.data.some((row) => row.email.includes('@'))).toBe(true);
    // no export, no erasure, no rights page for them
    for (const [method, path] of [
      ['POST', `/events/${eventId}/registration-exports`],
      ['DELETE', `/events/${eventId}/registrations/${list.data[0]?.id}`],
      ['GET', `/events/${eventId}/rights`],
    ] as const) {
      const json = method === 'POST' ? { format: 'csv', locale: 'en', timeZone: 'UTC' } : undefined;
      expect((await up.call(path, { method, token: steward, json })).status, path).toBe(403);
    }
  });

  it('never narrows an owner, and writes every change in the owners’ audit log', async () => {
    const ownerId = (await json<{ id: number }>(await up.call('/auth/userinfo', { token: owner }))).id;
    expect(
      (await put(owner, `/events/${eventId}/rights/members/${ownerId}`, { permissions: [] })).status,
    ).toBe(409);
    expect(
      (
        await put(owner, `/events/${eventId}/rights/member-types/${MEMBER_TYPE_IDS.owner}`, {
          permissions: [],
        })
      ).status,
    ).toBe(409);
    const exported = (body: unknown) =>
      up.call(`/events/${eventId}/registration-exports`, { method: 'POST', token: owner, json: body });
    // an export asked for is one line, whatever the job then reads
    await json(await exported({ kind: ['participant'], format: 'csv', locale: 'en', timeZone: 'UTC' }));
    // the old paged read of the export is gone
    for (const method of ['GET', 'POST'])
      expect(
        (await up.call(`/events/${eventId}/registrations-export`, { method, token: owner })).status,
      ).toBe(404);
    const log = await json<{ data: { action: string; actor: { name: string } }[] }>(
      await up.call(`/organizations/${orgId}/audit`, { token: owner }),
    );
    // newest first; the demo's own lines come after these
    expect(log.data.slice(0, 4).map((entry) => entry.action)).toEqual([
      'registrations.exported',
      'rights.changed',
      'rights.changed',
      'rights.changed',
    ]);
    expect((await up.call(`/organizations/${orgId}/audit`, { token: steward })).status).toBe(403);
  });

  it('answers one event’s lines, naming the event and the member a grant was for', async () => {
    type Line = { action: string; eventId: number | null; eventName: string | null; details: object };
    const log = await json<{ data: Line[]; total: number }>(
      await up.call(`/events/${eventId}/audit`, { token: owner }),
    );
    expect(log.total).toBeGreaterThan(0);
    expect(new Set(log.data.map((line) => line.eventId))).toEqual(new Set([eventId]));
    expect(log.data.every((line) => typeof line.eventName === 'string' && line.eventName !== '')).toBe(true);
    const forMember = log.data.find((line) => 'member' in line.details);
    expect(forMember?.details).toMatchObject({
      member: 'rights-steward@example.com',
      memberName: expect.stringMatching(/\S/),
    });
    // the read-only steward does not manage rights
    expect((await up.call(`/events/${eventId}/audit`, { token: steward })).status).toBe(403);
  });
});
