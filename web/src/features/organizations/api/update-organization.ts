import type { OrganizationBody } from '@evt/contracts/organizations';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

export function useUpdateOrganizationMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationBody) =>
      apiRequest(apiRoutes.organizations.update, { params: { id }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organizationKeys.detail(id), saved);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}

export function useUploadImageMutation(id: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload(apiRoutes.documents.organizationImage, { params: { id }, files: [file] }, onProgress),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organizationKeys.detail(id), saved);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
