import { type RegistrationListQuery, registrationRoutes } from '@evt/contracts/registrations';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const registrationListQuery = (eventId: number, query: RegistrationListQuery) =>
  queryOptions({
    queryKey: ['events', eventId, 'registrations', query] as const,
    queryFn: ({ signal }) => apiRequest(registrationRoutes.list, { params: { id: eventId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const registrationQuery = (eventId: number, registrationId: number) =>
  queryOptions({
    queryKey: ['events', eventId, 'registrations', 'one', registrationId] as const,
    queryFn: ({ signal }) =>
      apiRequest(registrationRoutes.get, { params: { id: eventId, registrationId }, signal }),
  });
