import { eventDocument } from '@evt/contracts/upstream-automation';
import { project, task, team } from '@evt/contracts/upstream-teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

/** The extensions that correct or delete what was created (tasks, projects, documents). */
let up: TestUpstream;
let camille: string;
let kenji: string;
let camilleId: number;
let teamId: number;
let projectId: number;
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  camilleId = ((await (await up.call('/auth/userinfo', { token: camille })).json()) as { id: number }).id;
  const t = team.parse(
    await (
      await up.call('/events/1/teams', { method: 'POST', token: camille, json: { name: 'Accueil' } })
    ).json(),
  );
  teamId = t.id;
  projectId = project.parse(
    await (
      await up.call(`/teams/${t.id}/projects`, { method: 'POST', token: camille, json: { name: 'Badges' } })
    ).json(),
  ).id;
});
afterAll(() => up?.close());

async function newTask(title: string) {
  const res = await up.call(`/projects/${projectId}/tasks`, {
    method: 'POST',
    token: camille,
    json: { title, memberIds: [camilleId] },
  });
  return task.parse(await res.json());
}
const edit = { title: 'Imprimer les badges', description: 'A4', priority: 'low', dueDate: null };

describe('PUT /tasks/{id}', () => {
  it('replaces the fields, keeps completion and assignees, members only', async () => {
    const k = await newTask('Imprimer');
    const res = await up.call(`/tasks/${k.id}`, {
      method: 'PUT',
      token: camille,
      json: { ...edit, dueDate: '2027-06-01T23:59:00Z' },
    });
    expect(res.status).toBe(200);
    expect(task.parse(await res.json())).toMatchObject({
      title: 'Imprimer les badges',
      description: 'A4',
      priority: 'low',
      dueDate: '2027-06-01T23:59:00.000Z',
      completed: false,
      members: [{ userId: camilleId }],
    });
    expect((await up.call(`/tasks/${k.id}`, { method: 'PUT', token: kenji, json: edit })).status).toBe(403);
    const blank = await up.call(`/tasks/${k.id}`, {
      method: 'PUT',
      token: camille,
      json: { ...edit, title: ' ' },
    });
    expect(blank.status).toBe(400);
    expect((await up.call('/tasks/999999', { method: 'PUT', token: camille, json: edit })).status).toBe(404);
  });
});

describe('DELETE /tasks/{id}/members/{memberId}', () => {
  it('unassigns and answers the task, members only', async () => {
    const k = await newTask('Accueillir');
    const path = `/tasks/${k.id}/members/${camilleId}`;
    expect((await up.call(path, { method: 'DELETE', token: kenji })).status).toBe(403);
    const res = await up.call(path, { method: 'DELETE', token: camille });
    expect(res.status).toBe(200);
    expect(task.parse(await res.json()).members).toEqual([]);
    expect((await up.call(path, { method: 'DELETE', token: camille })).status).toBe(200);
  });
});

describe('DELETE /tasks/{id}', () => {
  it('deletes the task, members only', async () => {
    const k = await newTask('Ranger');
    expect((await up.call(`/tasks/${k.id}`, { method: 'DELETE', token: kenji })).status).toBe(403);
    expect((await up.call(`/tasks/${k.id}`, { method: 'DELETE', token: camille })).status).toBe(204);
    expect((await up.call(`/tasks/${k.id}`, { method: 'DELETE', token: camille })).status).toBe(404);
  });
});

describe('PUT and DELETE /projects/{id}', () => {
  it('renames a project, then deletes it with its tasks, members only', async () => {
    const p = project.parse(
      await (
        await up.call(`/teams/${teamId}/projects`, {
          method: 'POST',
          token: camille,
          json: { name: 'Signalétique' },
        })
      ).json(),
    );
    const body = { name: 'Panneaux', description: 'Entrée' };
    expect((await up.call(`/projects/${p.id}`, { method: 'PUT', token: kenji, json: body })).status).toBe(
      403,
    );
    const res = await up.call(`/projects/${p.id}`, { method: 'PUT', token: camille, json: body });
    expect(project.parse(await res.json())).toMatchObject({ id: p.id, ...body });
    expect((await up.call(`/projects/${p.id}`, { method: 'PUT', token: camille, json: {} })).status).toBe(
      400,
    );
    const k = task.parse(
      await (
        await up.call(`/projects/${p.id}/tasks`, { method: 'POST', token: camille, json: { title: 'Poser' } })
      ).json(),
    );
    expect((await up.call(`/projects/${p.id}`, { method: 'DELETE', token: kenji })).status).toBe(403);
    expect((await up.call(`/projects/${p.id}`, { method: 'DELETE', token: camille })).status).toBe(204);
    const tasks = (await (await up.call('/events/1/tasks', { token: camille })).json()) as {
      data: { id: number }[];
    };
    expect(tasks.data.map((item) => item.id)).not.toContain(k.id);
  });
});

describe('PUT and DELETE /events/{id}/documents/{documentId}', () => {
  it('renames keeping the real extension, then deletes, members only', async () => {
    const fd = new FormData();
    fd.append('documents', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'programme.pdf');
    const up1 = await up.call('/events/1/documents', { method: 'POST', token: camille, body: fd });
    const doc = eventDocument.parse(((await up1.json()) as { data: unknown[] }).data[0]);
    const path = `/events/1/documents/${doc.id}`;
    const rename = (token: string, filename: string) =>
      up.call(path, { method: 'PUT', token, json: { filename } });
    expect((await rename(kenji, 'x')).status).toBe(403);
    const res = await rename(camille, 'Plan final.exe');
    expect(eventDocument.parse(await res.json())).toMatchObject({ id: doc.id, filename: 'Plan final.pdf' });
    expect((await rename(camille, '')).status).toBe(400);
    expect((await up.call(path, { method: 'DELETE', token: kenji })).status).toBe(403);
    expect((await up.call(path, { method: 'DELETE', token: camille })).status).toBe(204);
    expect((await up.call(path, { method: 'DELETE', token: camille })).status).toBe(404);
  });
});
