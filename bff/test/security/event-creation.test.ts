import { PERMISSIONS, ROLE_PRESETS } from '@evt/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_WRITE } from '../helpers';
import { type Stage, stage } from './granted-members';

// Attack: a member the organisation had made read-only created an event, and in the new event held every
// permission (contact data, exports, mailings). Creating an event is a permission of its own
// (`events:create`, in the one catalogue), read from the organisation's rules; the creator then holds in
// the new event what those rules give them, never more.

let s: Stage;
let readOnly: string;
let creator: string;
/** what the organisation's rules give the creator: read-only, and creating events */
const CREATOR_RULES = [...ROLE_PRESETS.readOnly, 'events:create'] as const;

const createEvent = (cookie: string, name: string) =>
  fetch(`${s.bff.url}/api/events`, {
    method: 'POST',
    headers: { ...JSON_WRITE, cookie },
    body: JSON.stringify({
      name,
      organization: s.orgId,
      startDate: '2027-03-01T09:00:00Z',
      endDate: '2027-03-01T18:00:00Z',
    }),
  });
const eventNames = async () =>
  ((await s.asOwner(`/organizations/${s.orgId}/events?limit=100`)) as { data: { name: string }[] }).data.map(
    (event) => event.name,
  );

beforeAll(async () => {
  s = await stage();
  readOnly = await s.memberWith('read-only-creator@example.com', 'organization', ROLE_PRESETS.readOnly);
  creator = await s.memberWith('rules-creator@example.com', 'organization', CREATOR_RULES);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('creating an event is a permission of its own', () => {
  it('is in the one catalogue', () => {
    expect(PERMISSIONS).toContain('events:create');
  });

  it('refuses a member whose organisation rules make them read-only, and creates nothing', async () => {
    const answer = await createEvent(readOnly, 'Read-only attempt');
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('errors.forbidden');
    expect(await eventNames()).not.toContain('Read-only attempt');
  });

  it('gives the creator what the organisation’s rules give in the new event, not everything', async () => {
    const answer = await createEvent(creator, 'Made by a narrowed member');
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    const mine = await fetch(`${s.bff.url}/api/events/${id}/permissions`, { headers: { cookie: creator } });
    const held = ((await mine.json()) as { permissions: string[] }).permissions;
    expect(held).toEqual(PERMISSIONS.filter((p) => (CREATOR_RULES as readonly string[]).includes(p)));
    // and the routes agree: no contact data, no settings, no rights page in the event they made
    const reads: [string, RequestInit][] = [
      [`/events/${id}/rights`, { headers: { cookie: creator } }],
      // the export is audited: a POST
      [
        `/events/${id}/registration-exports`,
        { method: 'POST', headers: { ...JSON_WRITE, cookie: creator }, body: '{}' },
      ],
    ];
    for (const [path, init] of reads) {
      const refused = await fetch(`${s.bff.url}/api${path}`, init);
      expect(refused.status, path).toBe(403);
    }
  });

  it('still lets a member the rules allow, and the owner, create events', async () => {
    const plain = await s.memberWith('plain-creator@example.com', 'organization', ROLE_PRESETS.full);
    expect((await createEvent(plain, 'Made by a plain member')).status).toBe(201);
    expect((await createEvent(s.owner, 'Made by the owner')).status).toBe(201);
  });

  it('tells the console who may create events, and shows the rules to managers only', async () => {
    const mine = (cookie: string) =>
      fetch(`${s.bff.url}/api/organizations/${s.orgId}/permissions`, { headers: { cookie } });
    const held = async (cookie: string) =>
      ((await (await mine(cookie)).json()) as { permissions: string[] }).permissions;
    expect(await held(readOnly)).not.toContain('events:create');
    expect(await held(creator)).toContain('events:create');
    expect(await held(s.owner)).toContain('events:create');
    // the rules themselves: the organisation's managers only
    const rules = (cookie: string) =>
      fetch(`${s.bff.url}/api/organizations/${s.orgId}/rights`, { headers: { cookie } });
    expect((await rules(creator)).status).toBe(403);
    const seen = (await (await rules(s.owner)).json()) as {
      members: { email: string; permissions: string[]; custom: boolean }[];
    };
    const narrowed = seen.members.find((m) => m.email === 'read-only-creator@example.com');
    expect(narrowed?.custom).toBe(true);
    expect(narrowed?.permissions).not.toContain('events:create');
  });
});
