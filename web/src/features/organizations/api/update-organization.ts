import type { Organization, OrganizationBody } from '@evt/contracts/organizations';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadFiles } from '../../../lib/upload';

const detailKey = (id: number) => ['organizations', 'detail', id] as const;

export function useUpdateOrganizationMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationBody) =>
      apiRequest(apiRoutes.organizations.update, { params: { id }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(detailKey(id), saved);
      await queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
}

export function useUploadImageMutation(id: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (await uploadFiles(`/organizations/${id}/image`, [file], onProgress)) as Organization,
    onSuccess: async (saved) => {
      queryClient.setQueryData(detailKey(id), saved);
      await queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
}
