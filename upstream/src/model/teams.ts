import type { Task, Team } from '@evt/contracts/upstream-teams';
import { type Queryable, type Row, toIso } from '../db/db';
import { HttpError } from '../http/errors';

interface PersonRow {
  owner_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
}

async function peopleOf(db: Queryable, table: 'team_members' | 'task_members', key: string, ids: number[]) {
  const byOwner = new Map<number, Task['members']>();
  if (ids.length === 0) return byOwner;
  const rows = await db.query<PersonRow & Row>(
    `SELECT x.${key} AS owner_id, u.id AS user_id, u.first_name, u.last_name, u.email
     FROM ${table} x JOIN users u ON u.id = x.user_id WHERE x.${key} = ANY($1::int[]) ORDER BY u.last_name, u.id`,
    [ids],
  );
  for (const r of rows) {
    const list = byOwner.get(r.owner_id) ?? [];
    list.push({ userId: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email });
    byOwner.set(r.owner_id, list);
  }
  return byOwner;
}

/** Teams matching `where` (on alias t, params from $1), with their members, in two queries. */
export async function loadTeams(db: Queryable, where: string, params: unknown[]): Promise<Team[]> {
  const rows = await db.query(
    `SELECT t.id, t.event_id, t.name, t.description, t.created_at FROM teams t WHERE ${where} ORDER BY t.id`,
    params,
  );
  const members = await peopleOf(
    db,
    'team_members',
    'team_id',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    eventId: Number(r.event_id),
    name: String(r.name),
    description: String(r.description),
    members: members.get(Number(r.id)) ?? [],
    createdAt: toIso(r.created_at),
  }));
}

/** Tasks matching `where` (aliases k task, p project, t team), with assignees. */
export async function loadTasks(db: Queryable, where: string, params: unknown[]): Promise<Task[]> {
  const rows = await db.query(
    `SELECT k.*, p.team_id, t.event_id FROM tasks k JOIN projects p ON p.id = k.project_id JOIN teams t ON t.id = p.team_id
     WHERE ${where} ORDER BY k.id`,
    params,
  );
  const members = await peopleOf(
    db,
    'task_members',
    'task_id',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    projectId: Number(r.project_id),
    teamId: Number(r.team_id),
    eventId: Number(r.event_id),
    title: String(r.title),
    description: String(r.description),
    priority: r.priority === 'low' || r.priority === 'medium' ? r.priority : 'high',
    completed: Boolean(r.completed),
    dueDate: r.due_date ? toIso(r.due_date) : null,
    members: members.get(Number(r.id)) ?? [],
    createdAt: toIso(r.created_at),
  }));
}

/** Throws unless every id is a member of the organisation; returns the distinct ids. */
export async function membersOnly(
  db: Queryable,
  organizationId: number,
  userIds: number[],
): Promise<number[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return unique;
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM organization_members WHERE organization_id = $1 AND user_id = ANY($2::int[])',
    [organizationId, unique],
  );
  if (rows[0]?.n !== unique.length) {
    throw new HttpError(400, 'not_a_member', 'Every person must be a member of the organisation');
  }
  return unique;
}
