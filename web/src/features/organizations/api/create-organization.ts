import type { OrganizationBody } from '@evt/contracts/organizations';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

export function useCreateOrganizationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationBody) => apiRequest(apiRoutes.organizations.create, { body }),
    onSuccess: async (created) => {
      queryClient.setQueryData(organizationKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
