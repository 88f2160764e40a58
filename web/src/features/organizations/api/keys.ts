export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  detail: (id: number) => [...organizationKeys.all, 'detail', id] as const,
  eventNumbers: (id: number) => [...organizationKeys.all, 'detail', id, 'event-numbers'] as const,
};
