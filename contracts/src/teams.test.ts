import { describe, expect, it } from 'vitest';
import { toCommissionCard } from './teams';
import { type Task, type Team, task, team } from './upstream-teams';

const now = new Date('2026-03-10T12:00:00.000Z');

const commission: Team = team.parse({
  id: 4,
  eventId: 3,
  name: 'Logistique',
  description: '',
  members: [
    { userId: 1, firstName: 'Claire', lastName: 'Moreau', email: 'claire.moreau@example.org' },
    { userId: 2, firstName: 'Hugo', lastName: 'Petit', email: 'hugo.petit@example.org' },
  ],
  createdAt: '2026-01-12T09:00:00.000Z',
});

const taskOf = (id: number, teamId: number, createdAt: string, completed = false): Task =>
  task.parse({
    id,
    projectId: 1,
    teamId,
    eventId: 3,
    title: `Tâche ${id}`,
    description: '',
    priority: 'high',
    completed,
    dueDate: null,
    members: [],
    createdAt,
  });

describe('toCommissionCard', () => {
  it("counts the commission's own tasks: created in the last seven days, still open, and the latest", () => {
    const tasks = [
      taskOf(1, 4, '2026-03-09T08:00:00.000Z'),
      taskOf(2, 4, '2026-03-03T12:00:00.000Z', true),
      taskOf(3, 4, '2026-02-20T09:00:00.000Z'),
      // another commission's task counts for it, not for this one
      taskOf(4, 5, '2026-03-10T09:00:00.000Z'),
    ];
    const card = toCommissionCard(commission, tasks, now);
    expect(card).toMatchObject({
      memberCount: 2,
      recentTasks: 2,
      openTasks: 2,
      lastActivity: '2026-03-09T08:00:00.000Z',
      status: 'active',
    });
  });

  it('says nothing happened yet when the commission has no task', () => {
    const card = toCommissionCard(commission, [taskOf(4, 5, '2026-03-10T09:00:00.000Z')], now);
    expect(card).toMatchObject({ recentTasks: 0, openTasks: 0, lastActivity: null });
  });
});
