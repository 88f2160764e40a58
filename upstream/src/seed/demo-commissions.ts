import { dueDateOfDay } from '@evt/contracts/upstream-teams';
import type { Queryable } from '../db/db';
import { daysFrom } from './days';

interface DemoTask {
  title: string;
  priority: 'high' | 'medium' | 'low';
  /** days before the seed's `now` it was created */
  createdDaysAgo: number;
  /** days after `now` it is due; null: no due date */
  dueInDays: number | null;
  completed: boolean;
}

/** Two commissions of the fair's team, each with a project and tasks of different ages and states. */
const COMMISSIONS: { name: string; description: string; project: string; tasks: DemoTask[] }[] = [
  {
    name: 'Accueil et badges',
    description: 'Accueil des visiteurs, banques d’enregistrement et impression des badges sur place.',
    project: 'Banques d’accueil',
    tasks: [
      {
        title: 'Commander les tours de cou',
        priority: 'high',
        createdDaysAgo: 21,
        dueInDays: 30,
        completed: true,
      },
      {
        title: 'Réserver deux imprimantes de badges',
        priority: 'high',
        createdDaysAgo: 3,
        dueInDays: 20,
        completed: false,
      },
      {
        title: 'Former les hôtesses au scan des QR codes',
        priority: 'medium',
        createdDaysAgo: 1,
        dueInDays: 55,
        completed: false,
      },
    ],
  },
  {
    name: 'Logistique exposants',
    description: 'Montage, livraisons et plan des stands.',
    project: 'Montage des stands',
    tasks: [
      {
        title: 'Envoyer le guide de montage aux exposants',
        priority: 'high',
        createdDaysAgo: 12,
        dueInDays: 10,
        completed: false,
      },
      {
        title: 'Valider le plan du hall 7',
        priority: 'low',
        createdDaysAgo: 30,
        dueInDays: null,
        completed: true,
      },
    ],
  },
];

/**
 * the demo: the event's commissions (the organiser in each), so the commissions page, its cards' task
 * counts and the projects page show real work rather than an empty list.
 */
export async function seedDemoCommissions(tx: Queryable, eventId: number, organiser: number, now: Date) {
  const day = (offset: number) => daysFrom(now, offset);
  for (const commission of COMMISSIONS) {
    const created = day(-Math.max(...commission.tasks.map((task) => task.createdDaysAgo)) - 2);
    const [team] = await tx.query<{ id: number }>(
      'INSERT INTO teams (event_id, name, description, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [eventId, commission.name, commission.description, created],
    );
    if (!team) continue;
    await tx.query('INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)', [team.id, organiser]);
    const [project] = await tx.query<{ id: number }>(
      'INSERT INTO projects (team_id, name, created_at) VALUES ($1, $2, $3) RETURNING id',
      [team.id, commission.project, created],
    );
    if (!project) continue;
    for (const task of commission.tasks) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO tasks (project_id, title, priority, completed, due_date, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          project.id,
          task.title,
          task.priority,
          task.completed,
          task.dueInDays === null ? null : dueDateOfDay(day(task.dueInDays).toISOString().slice(0, 10)),
          day(-task.createdDaysAgo),
        ],
      );
      if (row)
        await tx.query('INSERT INTO task_members (task_id, user_id) VALUES ($1, $2)', [row.id, organiser]);
    }
  }
}
