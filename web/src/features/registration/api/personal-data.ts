import { dataRightsRoutes } from '@evt/contracts/data-rights';
import { buildPath } from '@evt/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiStream } from '../../../lib/api-client';
import { download } from '../../../lib/spreadsheet';
import { registrationQuery } from './registrations';

/** The name the server gives the zip (`attachment; filename="…"`), else one of ours. */
function fileNameOf(response: Response, registrationId: number): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return named?.[1] ?? `registration-${registrationId}.zip`;
}

/**
 * The zip of everything held about one person. The export is audited, so it is a POST fetched through the
 * api client (a lost session or a refusal reads as for every call), then saved like the list's exports.
 */
export function useExportPerson(eventId: number) {
  return useMutation({
    mutationFn: async (registrationId: number) => {
      const path = buildPath(dataRightsRoutes.exportPerson.path, { id: eventId, registrationId });
      const response = await apiStream(path, { method: dataRightsRoutes.exportPerson.method });
      download(await response.blob(), fileNameOf(response, registrationId));
    },
  });
}

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
