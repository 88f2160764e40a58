import type { CreateEventBody } from '@evt/contracts/upstream-events';
import type { EventFeature } from '@evt/contracts/features';
import { apiRoutes } from '@evt/contracts/routes';
import { eventForm, eventLogoResponse } from '@evt/contracts/upstream-automation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';
import { myPermissionsQuery } from '../../../lib/queries/permissions';
import { automation } from '../../../lib/automation';

export const consoleKeys = {
  documents: (eventId: number) => [...eventKeys.detail(eventId), 'documents'] as const,
  features: (eventId: number) => [...eventKeys.detail(eventId), 'features'] as const,
};

export function useDocuments(eventId: number) {
  return useQuery({
    queryKey: consoleKeys.documents(eventId),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.documents.list, { params: { id: eventId }, signal })).data,
  });
}

export function useUploadDocumentsMutation(eventId: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) =>
      apiUpload(apiRoutes.documents.upload, { params: { id: eventId }, files }, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.documents(eventId) }),
  });
}

/** The logo goes through the webhook's event-logo operation: the image bytes as the body. */
export function useUploadLogoMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      automation('eventLogo', { eventId }, eventLogoResponse, {
        method: 'POST',
        body: file,
        contentType: file.type,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}

export function useFeatures(eventId: number | null) {
  return useQuery({
    queryKey: consoleKeys.features(eventId ?? 0),
    queryFn: ({ signal }) => apiRequest(apiRoutes.features.get, { params: { id: eventId ?? 0 }, signal }),
    enabled: eventId !== null,
  });
}

export function useSetFeatureMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { feature: EventFeature; enabled: boolean }) =>
      apiRequest(apiRoutes.features.update, {
        params: { id: eventId },
        body: { features: { [change.feature]: change.enabled } },
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(consoleKeys.features(eventId), saved);
      // the member's permissions answer carries the features: the menu and the pages follow the switch
      await queryClient.invalidateQueries({ queryKey: myPermissionsQuery(eventId).queryKey });
    },
  });
}

/** POST /events, then open the chosen registration forms through the webhook's event-forms operation. */
export function useCreateEventMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: CreateEventBody; forms: { kind: string; title: string }[] }) => {
      const created = await apiRequest(apiRoutes.events.create, { body: input.body });
      for (const form of input.forms) {
        await automation('eventForms', { eventId: created.id }, eventForm, {
          method: 'POST',
          body: JSON.stringify({ kind: form.kind, title: form.title, open: true }),
          contentType: 'application/json',
        });
      }
      return created;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
  });
}
