import type { RegistrationAction } from '@evt/contracts/forms/kinds';
import { type RegistrationListQuery, registrationRoutes } from '@evt/contracts/registrations';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Confirmed by the organiser: the row and the lists showing it are read again. */
export function useConfirmRegistration(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(registrationRoutes.confirmByHand, { params: { id: eventId, registrationId } }),
    onSuccess: (row) => {
      client.setQueryData(registrationQuery(eventId, row.id).queryKey, row);
      return client.invalidateQueries({ queryKey: ['events', eventId, 'registrations'] });
    },
  });
}

/** Deleted with its files: the lists are read again. */
export function useDeleteRegistration(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(registrationRoutes.remove, { params: { id: eventId, registrationId } }),
    onSuccess: (_, registrationId) => {
      client.removeQueries({ queryKey: registrationQuery(eventId, registrationId).queryKey });
      return client.invalidateQueries({ queryKey: ['events', eventId, 'registrations'] });
    },
  });
}

/** Resend, cancel, accept or decline (each mails the person): the row and the lists are read again. */
export function useRegistrationAction(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, action }: { registrationId: number; action: RegistrationAction }) =>
      apiRequest(registrationRoutes.act, { params: { id: eventId, registrationId, action } }),
    onSuccess: (row) => {
      client.setQueryData(registrationQuery(eventId, row.id).queryKey, row);
      return client.invalidateQueries({ queryKey: ['events', eventId, 'registrations'] });
    },
  });
}
