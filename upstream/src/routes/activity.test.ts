import { type ActivityItem, activityFeed } from '@evt/contracts/analytics';
import { ROLE_PRESETS } from '@evt/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, waitFor } from '../test-helpers';
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

  it('names who ran the scheduler and who published, each publication with its meetings', async () => {
    const id = events['forum-b2b-lyon'];
    const call = (path: string, json?: unknown) =>
      up.call(`/events/${id}/b2b${path}`, { method: 'POST', token: owner, ...(json ? { json } : {}) });
    expect((await call('/freeze', { frozen: true })).status).toBe(200);
    expect((await call('/schedule')).status).toBe(202);
    const done = await waitFor(async () => {
      const [row] = await up.db.query<{ run_state: string }>(
        'SELECT run_state FROM b2b_programmes WHERE event_id = $1',
        [id],
      );
      return row?.run_state === 'done';
    }, 60_000);
    expect(done).toBe(true);
    expect((await call('/publish')).status).toBe(200);
    expect((await call('/publish')).status).toBe(200);
    const items = await feed(id);
    const scheduled = items.find((item) => item.kind === 'b2b.scheduled');
    expect(scheduled).toMatchObject({ actor: 'Camille Martin' });
    expect(scheduled?.count).toBeGreaterThan(0);
    const published = items.filter((item) => item.kind === 'b2b.published');
    // the two publications of this test, each by its author with what it published
    expect(published.filter((item) => item.actor === 'Camille Martin')).toHaveLength(2);
    expect(published[0]?.count).toBe(scheduled?.count);
  });

  it('lists the deletion of a document, a commission, a project and a task under the name it had', async () => {
    const id = events['sii-2027'];
    const json = async <T>(answer: Promise<Response>, status: number) => {
      const response = await answer;
      expect(response.status, await response.clone().text()).toBe(status);
      return (status === 204 ? null : await response.json()) as T;
    };
    const team = await json<{ id: number }>(
      up.call(`/events/${id}/teams`, { method: 'POST', token: owner, json: { name: 'Logistique salle B' } }),
      201,
    );
    const project = await json<{ id: number }>(
      up.call(`/teams/${team.id}/projects`, {
        method: 'POST',
        token: owner,
        json: { name: 'Signalétique', description: '' },
      }),
      201,
    );
    const task = await json<{ id: number }>(
      up.call(`/projects/${project.id}/tasks`, {
        method: 'POST',
        token: owner,
        json: { title: 'Commander les kakémonos', description: '', priority: 'medium', dueDate: null },
      }),
      201,
    );
    await json(up.call(`/tasks/${task.id}`, { method: 'DELETE', token: owner }), 204);
    await json(up.call(`/projects/${project.id}`, { method: 'DELETE', token: owner }), 204);
    await json(up.call(`/teams/${team.id}`, { method: 'DELETE', token: owner }), 204);
    const upload = new FormData();
    upload.append(
      'documents',
      new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }),
      'Plan du hall.pdf',
    );
    const {
      data: [document],
    } = await json<{ data: { id: number; filename: string }[] }>(
      up.call(`/events/${id}/documents`, { method: 'POST', token: owner, body: upload }),
      201,
    );
    await json(up.call(`/events/${id}/documents/${document?.id}`, { method: 'DELETE', token: owner }), 204);
    // deleting it again finds nothing, and writes no second line
    expect(
      (await up.call(`/events/${id}/documents/${document?.id}`, { method: 'DELETE', token: owner })).status,
    ).toBe(404);

    const items = await feed(id);
    const deleted = (kind: ActivityItem['kind']) => items.find((item) => item.kind === kind);
    expect(deleted('task.deleted')).toMatchObject({
      actor: 'Camille Martin',
      names: ['Commander les kakémonos'],
    });
    expect(deleted('project.deleted')).toMatchObject({ actor: 'Camille Martin', names: ['Signalétique'] });
    expect(deleted('team.deleted')).toMatchObject({ actor: 'Camille Martin', names: ['Logistique salle B'] });
    expect(deleted('document.deleted')).toMatchObject({ names: [document?.filename], exists: false });
    expect(items.filter((item) => item.kind === 'document.deleted')).toHaveLength(1);
    // and in the event's audit log, for who manages its rights
    const audit = (await (await up.call(`/events/${id}/audit`, { token: owner })).json()) as {
      data: { action: string; details: { name?: string } }[];
    };
    expect(audit.data.find((line) => line.action === 'task.deleted')?.details.name).toBe(
      'Commander les kakémonos',
    );
  });

  it('shows a read-only member the registrations and the deletions of what it reads, no mailing or B2B', async () => {
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
    // the registrations, and the deletions of what the event's readers see (its documents, commissions,
    // projects and tasks); no mailing, no B2B
    expect(
      items.every((item) => item.kind.startsWith('registration.') || item.kind.endsWith('.deleted')),
    ).toBe(true);
    expect(items.some((item) => item.kind.startsWith('registration.'))).toBe(true);
  });
});
