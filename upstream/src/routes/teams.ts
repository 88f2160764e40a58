import { mountOn } from '../http/mount';
import type { AuditAction } from '@evt/contracts/rights';
import { apiRoutes } from '@evt/contracts/routes';
import type { Project } from '@evt/contracts/upstream-teams';
import type { Router } from 'express';
import { requireEvent, requireMember, requireOwned } from '../access';
import type { Ctx } from '../context';
import { toIso } from '../db/db';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';
import { loadTasks, loadTeams, membersOnly } from '../model/teams';
import { deleteAudited } from '../rights/permissions';

/** Per kind of owned thing: its name in a 404, the column that names a row, and its deletion's audit action. */
const OWNED = {
  teams: { what: 'Team', nameColumn: 'name', deleted: 'team.deleted' },
  projects: { what: 'Project', nameColumn: 'name', deleted: 'project.deleted' },
  tasks: { what: 'Task', nameColumn: 'title', deleted: 'task.deleted' },
} as const satisfies Record<string, { what: string; nameColumn: string; deleted: AuditAction }>;
const PROJECT_COLUMNS = 'id, team_id, name, description, created_at';
type ProjectRow = {
  id: number;
  team_id: number;
  name: string;
  description: string;
  created_at: Date;
};
/** A team, project or task found in one of the caller's organisations, with its event. */
type Owned = { id: number; event_id: number; organization_id: number };
const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  teamId: r.team_id,
  name: r.name,
  description: r.description,
  createdAt: toIso(r.created_at),
});

export function teamRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  /** Deletes a team, project or task found by `requireOwned`, with its audit line. */
  const removeAudited = (table: keyof typeof OWNED, owned: Owned, actorId: number) =>
    deleteAudited(
      db,
      {
        sql: `DELETE FROM ${table} WHERE id = $1 RETURNING ${OWNED[table].nameColumn} AS name`,
        params: [owned.id],
        what: OWNED[table].what,
      },
      {
        organizationId: owned.organization_id,
        eventId: owned.event_id,
        actorId,
        action: OWNED[table].deleted,
      },
    );
  const requireTeam = (teamId: number, userId: number) =>
    requireOwned<Owned>(
      db,
      {
        from: 'teams t JOIN events e ON e.id = t.event_id',
        orgExpr: 'e.organization_id',
        select: 't.id, e.id AS event_id, e.organization_id',
        idExpr: 't.id',
      },
      teamId,
      userId,
      OWNED.teams.what,
    );
  const requireProject = (projectId: number, userId: number) =>
    requireOwned<Owned>(
      db,
      {
        from: 'projects p JOIN teams t ON t.id = p.team_id JOIN events e ON e.id = t.event_id',
        orgExpr: 'e.organization_id',
        select: 'p.id, e.id AS event_id, e.organization_id',
        idExpr: 'p.id',
      },
      projectId,
      userId,
      OWNED.projects.what,
    );
  const requireTask = (taskId: number, userId: number) =>
    requireOwned<Owned>(
      db,
      {
        from: 'tasks k JOIN projects p ON p.id = k.project_id JOIN teams t ON t.id = p.team_id JOIN events e ON e.id = t.event_id',
        orgExpr: 'e.organization_id',
        select: 'k.id, e.id AS event_id, e.organization_id',
        idExpr: 'k.id',
      },
      taskId,
      userId,
      OWNED.tasks.what,
    );

  mount(apiRoutes.teams.listForOrganization, async ({ params }, _req, res) => {
    const { id: orgId } = params;
    await requireMember(db, orgId, authOf(res).id);
    const teams = await loadTeams(db, 't.event_id IN (SELECT id FROM events WHERE organization_id = $1)', [
      orgId,
    ]);
    res.json({ data: teams });
  });

  mount(apiRoutes.teams.listForEvent, async ({ params }, _req, res) => {
    const { id: eventId } = params;
    await requireEvent(db, eventId, authOf(res).id);
    res.json({ data: await loadTeams(db, 't.event_id = $1', [eventId]) });
  });

  mount(apiRoutes.teams.create, async ({ params, body }, _req, res) => {
    const { id: eventId } = params;
    const event = await requireEvent<{ organization_id: number }>(db, eventId, authOf(res).id);
    const memberIds = await membersOnly(db, event.organization_id, body.memberIds);
    const teamId = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        'INSERT INTO teams (event_id, name, description) VALUES ($1, $2, $3) RETURNING id',
        [eventId, body.name, body.description],
      );
      const newId = rows[0]?.id as number;
      if (memberIds.length > 0)
        await tx.query('INSERT INTO team_members (team_id, user_id) SELECT $1, unnest($2::int[])', [
          newId,
          memberIds,
        ]);
      return newId;
    });
    res.status(201).json((await loadTeams(db, 't.id = $1', [teamId]))[0]);
  });

  mount(apiRoutes.teams.remove, async ({ params }, _req, res) => {
    const { id: teamId } = params;
    const userId = authOf(res).id;
    const team = await requireTeam(teamId, userId);
    await removeAudited('teams', team, userId);
    res.status(204).end();
  });

  mount(apiRoutes.teams.addMembers, async ({ params, body }, _req, res) => {
    const { id: teamId } = params;
    const team = await requireTeam(teamId, authOf(res).id);
    const ids = await membersOnly(db, team.organization_id, body.userIds);
    await db.query(
      'INSERT INTO team_members (team_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [teamId, ids],
    );
    res.json((await loadTeams(db, 't.id = $1', [teamId]))[0]);
  });

  mount(apiRoutes.teams.projects, async ({ params }, _req, res) => {
    const { id: teamId } = params;
    await requireTeam(teamId, authOf(res).id);
    const rows = await db.query<ProjectRow>(
      `SELECT ${PROJECT_COLUMNS} FROM projects WHERE team_id = $1 ORDER BY id`,
      [teamId],
    );
    res.json({ data: rows.map(toProject) });
  });

  mount(apiRoutes.teams.createProject, async ({ params, body }, _req, res) => {
    const { id: teamId } = params;
    await requireTeam(teamId, authOf(res).id);
    const rows = await db.query<ProjectRow>(
      `INSERT INTO projects (team_id, name, description) VALUES ($1, $2, $3) RETURNING ${PROJECT_COLUMNS}`,
      [teamId, body.name, body.description],
    );
    const row = rows[0];
    if (!row) throw notFound('Project');
    res.status(201).json(toProject(row));
  });

  mount(apiRoutes.tasks.listForEvent, async ({ params }, _req, res) => {
    const { id: eventId } = params;
    await requireEvent(db, eventId, authOf(res).id);
    res.json({ data: await loadTasks(db, 't.event_id = $1', [eventId]) });
  });

  mount(apiRoutes.tasks.create, async ({ params, body }, _req, res) => {
    const { id: projectId } = params;
    const project = await requireProject(projectId, authOf(res).id);
    const memberIds = await membersOnly(db, project.organization_id, body.memberIds);
    const taskId = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO tasks (project_id, title, description, priority, due_date) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [projectId, body.title, body.description, body.priority, body.dueDate ?? null],
      );
      const newId = rows[0]?.id as number;
      if (memberIds.length > 0)
        await tx.query('INSERT INTO task_members (task_id, user_id) SELECT $1, unnest($2::int[])', [
          newId,
          memberIds,
        ]);
      return newId;
    });
    res.status(201).json((await loadTasks(db, 'k.id = $1', [taskId]))[0]);
  });

  mount(apiRoutes.tasks.toggleCompletion, async ({ params }, _req, res) => {
    const { id: taskId } = params;
    await requireTask(taskId, authOf(res).id);
    await db.query('UPDATE tasks SET completed = NOT completed WHERE id = $1', [taskId]);
    res.json((await loadTasks(db, 'k.id = $1', [taskId]))[0]);
  });

  mount(apiRoutes.tasks.assign, async ({ params }, _req, res) => {
    const { taskId, memberId } = params;
    const task = await requireTask(taskId, authOf(res).id);
    await membersOnly(db, task.organization_id, [memberId]);
    await db.query('INSERT INTO task_members (task_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      taskId,
      memberId,
    ]);
    res.json((await loadTasks(db, 'k.id = $1', [taskId]))[0]);
  });

  /** Extension (see README): a project's name and description. */
  mount(apiRoutes.teams.updateProject, async ({ params, body }, _req, res) => {
    const { id: projectId } = params;
    await requireProject(projectId, authOf(res).id);
    const rows = await db.query<ProjectRow>(
      `UPDATE projects SET name = $2, description = $3 WHERE id = $1 RETURNING ${PROJECT_COLUMNS}`,
      [projectId, body.name, body.description],
    );
    const row = rows[0];
    if (!row) throw notFound('Project');
    res.json(toProject(row));
  });

  /** Extension: the project and, by the foreign key's cascade, its tasks and their assignees. */
  mount(apiRoutes.teams.removeProject, async ({ params }, _req, res) => {
    const { id: projectId } = params;
    const userId = authOf(res).id;
    const project = await requireProject(projectId, userId);
    await removeAudited('projects', project, userId);
    res.status(204).end();
  });

  /** Extension: the creation fields, all sent; completion and assignees have their own calls. */
  mount(apiRoutes.tasks.update, async ({ params, body }, _req, res) => {
    const { id: taskId } = params;
    await requireTask(taskId, authOf(res).id);
    await db.query(
      'UPDATE tasks SET title = $2, description = $3, priority = $4, due_date = $5 WHERE id = $1',
      [taskId, body.title, body.description, body.priority, body.dueDate],
    );
    res.json((await loadTasks(db, 'k.id = $1', [taskId]))[0]);
  });

  /** Extension. */
  mount(apiRoutes.tasks.remove, async ({ params }, _req, res) => {
    const { id: taskId } = params;
    const userId = authOf(res).id;
    const task = await requireTask(taskId, userId);
    await removeAudited('tasks', task, userId);
    res.status(204).end();
  });

  /** Extension: the reverse of the assignment; removing someone not assigned changes nothing. */
  mount(apiRoutes.tasks.unassign, async ({ params }, _req, res) => {
    const { taskId, memberId } = params;
    await requireTask(taskId, authOf(res).id);
    await db.query('DELETE FROM task_members WHERE task_id = $1 AND user_id = $2', [taskId, memberId]);
    res.json((await loadTasks(db, 'k.id = $1', [taskId]))[0]);
  });

  return router;
}
