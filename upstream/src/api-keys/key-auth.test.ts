import { createdApiKey } from '@evt/contracts/api-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

/**
 * The upstream's wall behind the BFF's key check (docs/decisions/api.md): a key called straight at the
 * upstream reaches only the key-callable routes of its own organisation, never the keys' management.
 */
let up: TestUpstream;
let camille: string;
let key: string;
let orgId: number;
let eventId: number;
let foreignOrg: number;
let foreignEvent: number;

const firstIds = async (token: string) => {
  const orgs = (await (await up.call('/organizations', { token })).json()) as { data: { id: number }[] };
  const org = orgs.data[0]?.id as number;
  const events = (await (await up.call(`/organizations/${org}/events`, { token })).json()) as {
    data: { id: number }[];
  };
  return { org, event: events.data[0]?.id as number };
};

beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  ({ org: orgId, event: eventId } = await firstIds(camille));
  ({ org: foreignOrg, event: foreignEvent } = await firstIds(
    await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password),
  ));
  const made = await up.call(`/organizations/${orgId}/api-keys`, {
    method: 'POST',
    token: camille,
    json: { name: 'Straight', scopes: ['event:read'] },
  });
  expect(made.status).toBe(201);
  key = createdApiKey.parse(await made.json()).key;
});
afterAll(() => up?.close());

describe('a key at the upstream', () => {
  it('reaches the key-callable routes of its organisation', async () => {
    expect((await up.call(`/events/${eventId}`, { token: key })).status).toBe(200);
    expect((await up.call(`/organizations/${orgId}/events`, { token: key })).status).toBe(200);
  });

  it("is refused elsewhere: another organisation's event, a route not key-callable, the keys themselves", async () => {
    expect((await up.call(`/events/${foreignEvent}`, { token: key })).status).toBe(403);
    expect((await up.call(`/organizations/${foreignOrg}/events`, { token: key })).status).toBe(403);
    expect((await up.call(`/organizations/${orgId}`, { token: key })).status).toBe(403);
    expect((await up.call(`/organizations/${orgId}/api-keys`, { token: key })).status).toBe(403);
    // a scope it was not given
    expect((await up.call(`/events/${eventId}/registrations`, { token: key })).status).toBe(403);
  });

  it('is stored only as its digest, and refused once revoked', async () => {
    const list = await (await up.call(`/organizations/${orgId}/api-keys`, { token: camille })).text();
    expect(list).not.toContain(key.slice(4));
    const ids = JSON.parse(list) as { data: { id: number; name: string }[] };
    const id = ids.data.find((row) => row.name === 'Straight')?.id;
    const revoked = await up.call(`/organizations/${orgId}/api-keys/${id}`, {
      method: 'DELETE',
      token: camille,
    });
    expect(revoked.status).toBe(204);
    expect((await up.call(`/events/${eventId}`, { token: key })).status).toBe(401);
  });
});
