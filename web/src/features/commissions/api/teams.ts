import { apiRoutes } from '@evt/contracts/routes';
import type { Task } from '@evt/contracts/upstream-teams';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const teamKeys = {
  all: ['teams'] as const,
  forEvent: (eventId: number) => [...teamKeys.all, 'event', eventId] as const,
  projects: (teamId: number) => [...teamKeys.all, 'projects', teamId] as const,
  tasks: (eventId: number) => ['tasks', 'event', eventId] as const,
};

export function useEventTeams(eventId: number | null) {
  return useQuery({
    queryKey: teamKeys.forEvent(eventId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.teams.listForEvent, { params: { id: eventId ?? 0 }, signal })).data,
    enabled: eventId !== null,
  });
}

export function useCreateTeamMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description?: string; memberIds?: number[] }) =>
      apiRequest(apiRoutes.teams.create, { params: { id: eventId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.forEvent(eventId) }),
  });
}

export function useDeleteTeamMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiRoutes.teams.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.forEvent(eventId) }),
  });
}

export function useAddTeamMembersMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { teamId: number; userIds: number[] }) =>
      apiRequest(apiRoutes.teams.addMembers, {
        params: { id: input.teamId },
        body: { userIds: input.userIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.forEvent(eventId) }),
  });
}

export function useProjects(teamId: number) {
  return useQuery({
    queryKey: teamKeys.projects(teamId),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.teams.projects, { params: { id: teamId }, signal })).data,
  });
}

export function useCreateProjectMutation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description?: string }) =>
      apiRequest(apiRoutes.teams.createProject, { params: { id: teamId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.projects(teamId) }),
  });
}

export function useEventTasks(eventId: number | null) {
  return useQuery({
    queryKey: teamKeys.tasks(eventId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.tasks.listForEvent, { params: { id: eventId ?? 0 }, signal })).data,
    enabled: eventId !== null,
  });
}

function replaceTask(queryClient: QueryClient, eventId: number, task: Task) {
  queryClient.setQueryData<Task[]>(teamKeys.tasks(eventId), (old) =>
    old?.map((item) => (item.id === task.id ? task : item)),
  );
}

export function useCreateTaskMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      projectId: number;
      body: { title: string; description?: string; priority?: Task['priority']; dueDate?: string | null };
    }) => apiRequest(apiRoutes.tasks.create, { params: { id: input.projectId }, body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.tasks(eventId) }),
  });
}

/**
 * Spec section 4: completion is a toggle. The box flips at once; on failure it flips back (and the list
 * is read again either way, so it ends as the server has it).
 */
export function useToggleTaskMutation(eventId: number) {
  const queryClient = useQueryClient();
  const key = teamKeys.tasks(eventId);
  return useMutation({
    mutationFn: (taskId: number) => apiRequest(apiRoutes.tasks.toggleCompletion, { params: { id: taskId } }),
    onMutate: async (taskId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Task[]>(key);
      queryClient.setQueryData<Task[]>(key, (old) =>
        old?.map((item) => (item.id === taskId ? { ...item, completed: !item.completed } : item)),
      );
      return { previous };
    },
    onError: (_error, _taskId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (task) => replaceTask(queryClient, eventId, task),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useAssignTaskMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { taskId: number; memberId: number }) =>
      apiRequest(apiRoutes.tasks.assign, { params: input }),
    onSuccess: (task) => replaceTask(queryClient, eventId, task),
  });
}

/** The organisation's members: who can sit on a commission or be given a task. */
export function useOrganizationMembers(orgId: number | null) {
  return useQuery({
    queryKey: ['members', 'list', orgId ?? 0],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.members.list, { params: { id: orgId ?? 0 }, signal })).data,
    enabled: orgId !== null,
  });
}

export function useOrganizationTeams(orgId: number | null) {
  return useQuery({
    queryKey: ['teams', 'organization', orgId ?? 0],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.teams.listForOrganization, { params: { id: orgId ?? 0 }, signal })).data,
    enabled: orgId !== null,
  });
}
