import { apiRoutes } from '@evt/contracts/routes';
import type { Project } from '@evt/contracts/upstream-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { optimistic } from '../../../lib/optimistic';
import { teamKeys } from './teams';

type ProjectEdit = { projectId: number; body: { name: string; description: string } };

/** Upstream extensions: rename a project, delete it with its tasks; each shown at once. */
export function useUpdateProjectMutation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectEdit) =>
      apiRequest(apiRoutes.teams.updateProject, { params: { id: input.projectId }, body: input.body }),
    ...optimistic<Project[], ProjectEdit>(
      queryClient,
      teamKeys.projects(teamId),
      (old, { projectId, body }) =>
        old.map((project) => (project.id === projectId ? { ...project, ...body } : project)),
    ),
  });
}

export function useDeleteProjectMutation(teamId: number, eventId: number) {
  const queryClient = useQueryClient();
  const removeFromList = optimistic<Project[], number>(queryClient, teamKeys.projects(teamId), (old, id) =>
    old.filter((project) => project.id !== id),
  );
  return useMutation({
    mutationFn: (projectId: number) =>
      apiRequest(apiRoutes.teams.removeProject, { params: { id: projectId } }),
    ...removeFromList,
    // its tasks went with it
    onSettled: async () => {
      await removeFromList.onSettled();
      await queryClient.invalidateQueries({ queryKey: teamKeys.tasks(eventId) });
    },
  });
}
