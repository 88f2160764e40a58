import { type Task, task } from '@evt/contracts/upstream-teams';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { metrics } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const ada = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const day = 24 * 60 * 60 * 1000;
const taskOf = (id: number, teamId: number, ageInDays: number, completed: boolean): Task =>
  task.parse({
    id,
    projectId: 5,
    teamId,
    eventId: 3,
    title: `Task ${id}`,
    description: '',
    priority: 'high',
    completed,
    dueDate: null,
    members: [],
    createdAt: new Date(Date.now() - ageInDays * day).toISOString(),
  });
const team = (id: number, name: string) => ({
  id,
  eventId: 3,
  name,
  description: '',
  members: [ada],
  createdAt: '2026-01-05T10:00:00.000Z',
});

function renderCommissions(tasks: Task[]) {
  mockApi(fixtures.session(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/automation/enrolmentMetrics': metrics({}),
    'GET /api/events/3/teams': json(200, { data: [team(12, 'Accueil'), team(13, 'Logistique')] }),
    'GET /api/events/3/tasks': json(200, { data: tasks }),
    'GET /api/organizations/1/members': json(200, { data: [ada] }),
  });
  renderApp('/en/events/commission-3');
}

/** a card's detail value, by its label */
const detail = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('commission cards', () => {
  it("show what the commission's tasks say, not counts that are always 0", async () => {
    renderCommissions([taskOf(1, 12, 2, false), taskOf(2, 12, 20, true), taskOf(3, 12, 30, false)]);
    const list = await screen.findByRole('list', { name: en.console.commissions.title });
    const [welcome, logistics] = within(list).getAllByRole('listitem');
    if (!welcome || !logistics) throw new Error('two cards expected');
    expect(within(welcome).getByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
    expect(detail(welcome, en.console.commissions.memberCount)).toBe('1');
    expect(await within(welcome).findByText(en.console.commissions.openTasks)).toBeInTheDocument();
    expect(detail(welcome, en.console.commissions.openTasks)).toBe('2');
    expect(detail(welcome, en.console.commissions.recentTasks)).toBe('1');
    expect(detail(welcome, en.console.commissions.lastActivity)).not.toBe(en.console.commissions.noActivity);
    // a commission with no task says so in words
    expect(detail(logistics, en.console.commissions.openTasks)).toBe('0');
    expect(detail(logistics, en.console.commissions.lastActivity)).toBe(en.console.commissions.noActivity);
    // the product has no commission messages nor meetings: nothing is shown for them
    expect(screen.queryByText(/unread/i)).toBeNull();
    expect(screen.queryByText(/next meeting/i)).toBeNull();
  });
});
