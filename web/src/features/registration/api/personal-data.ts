import { dataRightsRoutes } from '@evt/contracts/data-rights';
import { buildPath } from '@evt/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, apiRequest } from '../../../lib/api-client';
import { registrationQuery } from './registrations';

/** The zip of everything held about one person: a plain download (the session cookie, streamed). */
export const personalDataUrl = (eventId: number, registrationId: number) =>
  `${API_PREFIX}${buildPath(dataRightsRoutes.exportPerson.path, { id: eventId, registrationId })}`;

/** Erased (anonymised in place): the row shows what is left, the lists are read again. */
export function useErasePerson(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(dataRightsRoutes.erasePerson, { params: { id: eventId, registrationId } }),
    onSuccess: (row) => {
      client.setQueryData(registrationQuery(eventId, row.id).queryKey, row);
      return client.invalidateQueries({ queryKey: ['events', eventId, 'registrations'] });
    },
  });
}
