import { buildPath } from '@evt/contracts/http';
import {
  type ExportStartBody,
  type RegistrationExport,
  registrationExportRoutes,
} from '@evt/contracts/registration-exports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, apiRequest } from '../../../lib/api-client';

const exportKeys = {
  all: (eventId: number) => ['events', eventId, 'registration-exports'] as const,
  one: (eventId: number, exportId: number) => [...exportKeys.all(eventId), exportId] as const,
};

const running = (status: RegistrationExport['status'] | undefined) =>
  status === 'queued' || status === 'running';

/** One export's state, read again every half second while the server writes it. */
export const exportStatusQuery = (eventId: number, exportId: number) =>
  queryOptions({
    queryKey: exportKeys.one(eventId, exportId),
    queryFn: () => apiRequest(registrationExportRoutes.status, { params: { id: eventId, exportId } }),
    refetchInterval: (query) => (running(query.state.data?.status) ? 500 : false),
  });

export function useExportStatus(eventId: number, exportId: number | null) {
  return useQuery({ ...exportStatusQuery(eventId, exportId ?? 0), enabled: exportId !== null });
}

/**
 * The caller's exports of the event not yet expired, newest first: a file asked for before leaving the page
 * is found here when coming back. Read again every second while one of them is being written.
 */
export function useRecentExports(eventId: number) {
  return useQuery({
    queryKey: exportKeys.all(eventId),
    queryFn: ({ signal }) => apiRequest(registrationExportRoutes.list, { params: { id: eventId }, signal }),
    refetchInterval: (query) => (query.state.data?.data.some((e) => running(e.status)) ? 1000 : false),
  });
}

/** Asks the server for an export of the list (written in the audit log); the job takes it at once. */
export function useStartExport(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportStartBody) =>
      apiRequest(registrationExportRoutes.start, { params: { id: eventId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.all(eventId), exact: true }),
  });
}

/** Where the finished file is downloaded (a plain link: the browser streams it to disk). */
export const exportFileUrl = (eventId: number, exportId: number) =>
  `${API_PREFIX}${buildPath(registrationExportRoutes.file.path, { id: eventId, exportId })}`;
