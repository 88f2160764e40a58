import { type Task, task } from '@evt/contracts/upstream-teams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { metrics } from '../../../test/console-fixtures';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const ada = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const printing: Task = task.parse({
  id: 9,
  projectId: 5,
  teamId: 12,
  eventId: 3,
  title: 'Imprimer',
  description: 'Badges',
  priority: 'high',
  completed: false,
  dueDate: '2026-10-01T23:59:00.000Z',
  members: [ada],
  createdAt: '2026-01-05T10:00:00.000Z',
});
const team = {
  id: 12,
  eventId: 3,
  name: 'Accueil',
  description: '',
  members: [ada],
  createdAt: '2026-01-05T10:00:00.000Z',
};
const project = { id: 5, teamId: 12, name: 'Badges', description: '', createdAt: '2026-01-05T10:00:00.000Z' };

function api(writes: Record<string, () => Response>, after: Task[] = [printing]) {
  // the list as the server has it: what it was, then what the write made it
  let tasks = [printing];
  const wrote = (answer: () => Response) => () => {
    const response = answer();
    if (response.ok) tasks = after;
    return response;
  };
  return mockApi(fixtures.session(), {
    'GET /api/organizations/1/teams': json(200, { data: [team] }),
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/automation/enrolmentMetrics': metrics({}),
    'GET /api/teams/12/projects': json(200, { data: [project] }),
    'GET /api/events/3/tasks': () => json(200, { data: tasks }),
    'GET /api/organizations/1/members': json(200, { data: [] }),
    ...Object.fromEntries(Object.entries(writes).map(([route, answer]) => [route, wrote(answer)])),
  });
}
/** the calls this page makes to change something (opening an event page also saves the selection) */
const writes = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('/api/session'));
const t = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{{${k}}}`, String(v)), text);

async function openEditor() {
  renderApp('/en/events/commission-12/projects');
  await userEvent.click(
    await screen.findByRole('button', { name: t(en.console.taskEdit.editLabel, { title: 'Imprimer' }) }),
  );
  const form = screen.getByRole('form', { name: t(en.console.taskEdit.formLabel, { title: 'Imprimer' }) });
  return { form, title: within(form).getByRole('textbox', { name: en.console.tasks.titleField }) };
}

describe('editing a task', { timeout: 20_000 }, () => {
  it('opens on the task as stored, focused, and refuses an empty title before sending', async () => {
    const { calls } = api({});
    const { form, title } = await openEditor();
    expect(title).toHaveValue('Imprimer');
    expect(title).toHaveFocus();
    expect(within(form).getByLabelText(en.console.tasks.dueField)).toHaveValue('2026-10-01');
    await userEvent.clear(title);
    await userEvent.click(within(form).getByRole('button', { name: en.console.taskEdit.save }));
    expect(await within(form).findByText(en.validation.required)).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);
  });

  it('keeps what was typed and announces why when the save is refused', async () => {
    const { calls } = api({ 'PUT /api/tasks/9': () => errorResponse(403, 'errors.forbidden') });
    const { form, title } = await openEditor();
    await userEvent.clear(title);
    await userEvent.type(title, 'Imprimer les badges');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: en.console.tasks.priorityField }),
      'low',
    );
    await userEvent.click(within(form).getByRole('button', { name: en.console.taskEdit.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(en.errors.forbidden);
    expect(title).toHaveValue('Imprimer les badges');
    expect(calls.find((c) => c.path === '/api/tasks/9')?.body).toEqual({
      title: 'Imprimer les badges',
      description: 'Badges',
      priority: 'low',
      dueDate: '2026-10-01T23:59:00Z',
    });
  });

  it('saves, closes and returns focus to the Edit button', async () => {
    const saved = { ...printing, title: 'Imprimer tout' };
    api({ 'PUT /api/tasks/9': () => json(200, saved) }, [saved]);
    const { form, title } = await openEditor();
    await userEvent.clear(title);
    await userEvent.type(title, 'Imprimer tout');
    await userEvent.click(within(form).getByRole('button', { name: en.console.taskEdit.save }));
    const edit = await screen.findByRole('button', {
      name: t(en.console.taskEdit.editLabel, { title: 'Imprimer tout' }),
    });
    await waitFor(() => expect(edit).toHaveFocus());
  });
});

describe('deleting', { timeout: 20_000 }, () => {
  it('asks first, naming the task; Cancel changes nothing', async () => {
    const { calls } = api({ 'DELETE /api/tasks/9': () => new Response(null, { status: 204 }) }, []);
    renderApp('/en/events/commission-12/projects');
    const trigger = await screen.findByRole('button', {
      name: t(en.console.taskEdit.deleteLabel, { title: 'Imprimer' }),
    });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog', {
      name: t(en.console.taskEdit.deleteTitle, { title: 'Imprimer' }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.cancel }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: en.console.deleteDialog.confirm }));
    await waitFor(() => expect(screen.queryByText('Imprimer')).not.toBeInTheDocument());
    expect(writes(calls).map((c) => `${c.method}`)).toEqual(['DELETE']);
  });

  it('says a project takes its tasks with it, and brings it back, announced, when refused', async () => {
    api({ 'DELETE /api/projects/5': () => errorResponse(403, 'errors.forbidden') });
    renderApp('/en/events/commission-12/projects');
    // the page is whole once its tasks are shown (the event layout settles when the event arrives)
    await screen.findByText('Imprimer');
    await userEvent.click(
      await screen.findByRole('button', { name: t(en.console.projectEdit.deleteLabel, { name: 'Badges' }) }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: t(en.console.projectEdit.deleteTitle, { name: 'Badges' }),
    });
    expect(dialog).toHaveTextContent(t(en.console.projectEdit.deleteWarning_one, { count: 1 }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.console.deleteDialog.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.forbidden);
    expect(await screen.findByRole('heading', { name: 'Badges' })).toBeInTheDocument();
  });

  it('unassigns a member at once and puts them back when refused', async () => {
    api({ 'DELETE /api/tasks/9/members/7': () => errorResponse(403, 'errors.forbidden') });
    renderApp('/en/events/commission-12/projects');
    const remove = await screen.findByRole('button', {
      name: t(en.console.taskEdit.unassignLabel, { name: 'Ada Lovelace', title: 'Imprimer' }),
    });
    await userEvent.click(remove);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.forbidden);
    expect(
      screen.getByRole('list', { name: t(en.console.taskEdit.assignees, { title: 'Imprimer' }) }),
    ).toHaveTextContent('Ada Lovelace');
  });
});
