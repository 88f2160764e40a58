import { event } from '@evt/contracts/events';
import { project, task, team } from '@evt/contracts/upstream-teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { badgePng } from '../seed/png';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

let up: TestUpstream;
let camille: string;
let kenji: string;
let camilleId: number;
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  camilleId = ((await (await up.call('/auth/userinfo', { token: camille })).json()) as { id: number }).id;
});
afterAll(() => up?.close());

describe('events, teams, projects and tasks', () => {
  it('creates an event with a unique slug in a member organisation only', async () => {
    const body = {
      organization: 1,
      name: "Salon de l'Été",
      startDate: '2027-06-01T08:00:00Z',
      endDate: '2027-06-02T18:00:00Z',
      languages: ['fr', 'en'],
    };
    const a = event.parse(
      await (await up.call('/events', { method: 'POST', token: camille, json: body })).json(),
    );
    const b = event.parse(
      await (await up.call('/events', { method: 'POST', token: camille, json: body })).json(),
    );
    expect([a.slug, b.slug]).toEqual(['salon-de-l-ete', 'salon-de-l-ete-2']);
    expect((await up.call('/events', { method: 'POST', token: kenji, json: body })).status).toBe(403);
    const bad = await up.call('/events', {
      method: 'POST',
      token: camille,
      json: { ...body, endDate: '2027-05-01T00:00:00Z' },
    });
    expect(bad.status).toBe(400);
  });

  it('runs the team -> project -> task flow with membership checks', async () => {
    // the demo event has commissions and tasks of its own
    const read = async (path: string) =>
      ((await (await up.call(path, { token: camille })).json()) as { data: { id: number }[] }).data;
    const tasksBefore = await read('/events/1/tasks');
    const teamsBefore = await read('/organizations/1/teams');
    const created = await up.call('/events/1/teams', {
      method: 'POST',
      token: camille,
      json: { name: 'Logistique', memberIds: [camilleId] },
    });
    expect(created.status).toBe(201);
    const t = team.parse(await created.json());
    expect(t.members.map((m) => m.userId)).toEqual([camilleId]);
    expect((await up.call('/events/1/teams', { token: kenji })).status).toBe(403);
    expect(
      (await up.call(`/teams/${t.id}/members`, { method: 'POST', token: camille, json: { userIds: [2] } }))
        .status,
    ).toBe(400);

    const p = project.parse(
      await (
        await up.call(`/teams/${t.id}/projects`, { method: 'POST', token: camille, json: { name: 'Badges' } })
      ).json(),
    );
    expect((await up.call(`/teams/${t.id}/projects`, { token: kenji })).status).toBe(403);
    const k = task.parse(
      await (
        await up.call(`/projects/${p.id}/tasks`, {
          method: 'POST',
          token: camille,
          json: { title: 'Imprimer' },
        })
      ).json(),
    );
    expect(k).toMatchObject({ priority: 'high', completed: false, eventId: 1, members: [] });
    const toggled = task.parse(
      await (await up.call(`/tasks/${k.id}/completion`, { method: 'PUT', token: camille })).json(),
    );
    expect(toggled.completed).toBe(true);
    expect((await up.call(`/tasks/${k.id}/completion`, { method: 'PUT', token: kenji })).status).toBe(403);
    const assigned = task.parse(
      await (await up.call(`/tasks/${k.id}/members/${camilleId}`, { method: 'POST', token: camille })).json(),
    );
    expect(assigned.members.map((m) => m.userId)).toEqual([camilleId]);
    expect(await read('/events/1/tasks')).toEqual([...tasksBefore, expect.objectContaining({ id: k.id })]);
    expect(await read('/organizations/1/teams')).toEqual([
      ...teamsBefore,
      expect.objectContaining({ id: t.id }),
    ]);
    expect((await up.call(`/teams/${t.id}`, { method: 'DELETE', token: kenji })).status).toBe(403);
    expect((await up.call(`/teams/${t.id}`, { method: 'DELETE', token: camille })).status).toBe(204);
    // the commission's projects and tasks go with it
    expect(await read('/events/1/tasks')).toEqual(tasksBefore);
  });
});

describe('uploads', () => {
  const form = (parts: [string, Blob, string][]) => {
    const fd = new FormData();
    for (const [field, blob, name] of parts) fd.append(field, blob, name);
    return fd;
  };
  const png = new Blob([badgePng(32, [10, 10, 10], [200, 100, 0])], { type: 'image/png' });

  it('replaces the organisation image, checking the type by content and the size', async () => {
    const before = (
      (await (await up.call('/organizations/1', { token: camille })).json()) as { image: string }
    ).image;
    const res = await up.call('/organizations/1/image', {
      method: 'POST',
      token: camille,
      body: form([['image', png, 'a.png']]),
    });
    expect(res.status).toBe(200);
    const after = ((await res.json()) as { image: string }).image;
    expect(after).not.toBe(before);
    const fake = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' });
    expect(
      (
        await up.call('/organizations/1/image', {
          method: 'POST',
          token: camille,
          body: form([['image', fake, 'x.png']]),
        })
      ).status,
    ).toBe(415);
    const huge = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    expect(
      (
        await up.call('/organizations/1/image', {
          method: 'POST',
          token: camille,
          body: form([['image', huge, 'h.png']]),
        })
      ).status,
    ).toBe(413);
    expect(
      (
        await up.call('/organizations/1/image', {
          method: 'POST',
          token: kenji,
          body: form([['image', png, 'a.png']]),
        })
      ).status,
    ).toBe(403);
  });

  it('holds the demo event’s programme, hall plan and exhibitors’ rules as PDFs', async () => {
    const list = (await (await up.call('/events/1/documents', { token: camille })).json()) as {
      data: { id: number; filename: string; contentType: string }[];
    };
    expect(list.data.map((d) => d.filename)).toEqual(
      expect.arrayContaining([
        'Programme des conférences.pdf',
        'Plan du hall A.pdf',
        'Règlement exposants.pdf',
      ]),
    );
    const plan = list.data.find((d) => d.filename === 'Plan du hall A.pdf');
    const file = await up.call(`/events/1/documents/${plan?.id}`, { token: camille });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).toContain('(Plan du hall A) Tj');
  });

  it('stores several event documents and serves them to members', async () => {
    const pdf = new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' });
    const res = await up.call('/events/1/documents', {
      method: 'POST',
      token: camille,
      body: form([
        ['documents', pdf, 'Programme été.pdf'],
        ['documents', png, 'plan.png'],
      ]),
    });
    expect(res.status).toBe(201);
    const docs = ((await res.json()) as { data: { id: number; contentType: string }[] }).data;
    expect(docs.map((d) => d.contentType)).toEqual(['application/pdf', 'image/png']);
    const one = await up.call(`/events/1/documents/${docs[0]?.id}`, { token: camille });
    expect(one.headers.get('content-type')).toBe('application/pdf');
    expect((await up.call(`/events/1/documents/${docs[0]?.id}`, { token: kenji })).status).toBe(403);
  });
});
