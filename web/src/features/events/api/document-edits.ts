import { apiRoutes } from '@evt/contracts/routes';
import type { EventDocument } from '@evt/contracts/upstream-automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { optimistic } from '../../../lib/optimistic';
import { consoleKeys } from './event-console';

type Rename = { documentId: number; filename: string };

/** Upstream extensions: rename or delete an event document; each shown at once. */
export function useRenameDocumentMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, filename }: Rename) =>
      apiRequest(apiRoutes.documents.rename, { params: { id: eventId, documentId }, body: { filename } }),
    ...optimistic<EventDocument[], Rename>(queryClient, consoleKeys.documents(eventId), (old, change) =>
      old.map((doc) => (doc.id === change.documentId ? { ...doc, filename: change.filename } : doc)),
    ),
  });
}

export function useDeleteDocumentMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) =>
      apiRequest(apiRoutes.documents.remove, { params: { id: eventId, documentId } }),
    ...optimistic<EventDocument[], number>(queryClient, consoleKeys.documents(eventId), (old, documentId) =>
      old.filter((doc) => doc.id !== documentId),
    ),
  });
}
