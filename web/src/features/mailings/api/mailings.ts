import type { Mailing, MailingBody, RecipientState } from '@evt/contracts/mailings';
import { apiRoutes } from '@evt/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const routes = apiRoutes.mailings;

export const mailingKeys = {
  all: ['mailings'] as const,
  forEvent: (eventId: number) => [...mailingKeys.all, 'event', eventId] as const,
  detail: (eventId: number, id: number) => [...mailingKeys.forEvent(eventId), id] as const,
  recipients: (eventId: number, id: number, state: RecipientState | undefined, page: number) =>
    [...mailingKeys.detail(eventId, id), 'recipients', state ?? 'all', page] as const,
};

/** Sending mailings are polled: the progress bar moves by itself. */
const whileSending = (mailing: Mailing | undefined) =>
  mailing && (mailing.status === 'sending' || mailing.status === 'scheduled') ? 1500 : false;

export function useMailings(eventId: number) {
  return useQuery({
    queryKey: mailingKeys.forEvent(eventId),
    queryFn: async ({ signal }) => (await apiRequest(routes.list, { params: { id: eventId }, signal })).data,
    refetchInterval: (query) => ((query.state.data ?? []).some((m) => whileSending(m)) ? 3000 : false),
  });
}

export function useMailing(eventId: number, id: number | null) {
  return useQuery({
    queryKey: mailingKeys.detail(eventId, id ?? 0),
    queryFn: ({ signal }) => apiRequest(routes.get, { params: { id: eventId, mailingId: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => whileSending(query.state.data),
  });
}

export function useRecipients(
  eventId: number,
  id: number,
  state: RecipientState | undefined,
  page: number,
  live: boolean,
) {
  return useQuery({
    queryKey: mailingKeys.recipients(eventId, id, state, page),
    queryFn: ({ signal }) =>
      apiRequest(routes.recipients, {
        params: { id: eventId, mailingId: id },
        query: { state, page },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
}

/** Every change of a mailing answers the mailing: the list and the detail are refreshed from it. */
function useMailingMutation<I>(eventId: number, run: (input: I) => Promise<Mailing | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (mailing) => {
      if (mailing) queryClient.setQueryData(mailingKeys.detail(eventId, mailing.id), mailing);
      return queryClient.invalidateQueries({ queryKey: mailingKeys.forEvent(eventId) });
    },
  });
}

export const useSaveMailingMutation = (eventId: number) =>
  useMailingMutation(eventId, (input: { id: number | null; body: MailingBody }) =>
    input.id === null
      ? apiRequest(routes.create, { params: { id: eventId }, body: input.body })
      : apiRequest(routes.update, { params: { id: eventId, mailingId: input.id }, body: input.body }),
  );

export const useSendMailingMutation = (eventId: number) =>
  useMailingMutation(eventId, (input: { id: number; sendAt?: string }) =>
    apiRequest(routes.send, { params: { id: eventId, mailingId: input.id }, body: { sendAt: input.sendAt } }),
  );

export const useCancelMailingMutation = (eventId: number) =>
  useMailingMutation(eventId, (id: number) =>
    apiRequest(routes.cancel, { params: { id: eventId, mailingId: id } }),
  );

export const useRetryMailingMutation = (eventId: number) =>
  useMailingMutation(eventId, (id: number) =>
    apiRequest(routes.retry, { params: { id: eventId, mailingId: id } }),
  );

export const useDeleteMailingMutation = (eventId: number) =>
  useMailingMutation(eventId, async (id: number) => {
    await apiRequest(routes.remove, { params: { id: eventId, mailingId: id } });
    return undefined;
  });

export function usePreviewMutation(eventId: number) {
  return useMutation({
    mutationFn: (body: MailingBody & { registrationId?: number }) =>
      apiRequest(routes.preview, { params: { id: eventId }, body }),
  });
}

export function useTestMailMutation(eventId: number) {
  return useMutation({
    mutationFn: (body: MailingBody & { locale: 'fr' | 'en' | 'ja' }) =>
      apiRequest(routes.test, { params: { id: eventId }, body }),
  });
}
