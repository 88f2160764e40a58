export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  listForOrganization: (organizationId: number) => [...eventKeys.lists(), { organizationId }] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
};
