import type { MatchConfigBody, ProgrammeSettings, ProgrammeView } from '@evt/contracts/b2b';
import { apiRoutes } from '@evt/contracts/routes';
import { configMatching, eventForms } from '@evt/contracts/upstream-automation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { automation } from '../../../lib/automation';
import { eventKeys } from '../../../lib/queries/event';

const routes = apiRoutes.b2bProgramme;

export const programmeKeys = {
  detail: (eventId: number) => [...eventKeys.detail(eventId), 'b2b'] as const,
};

/**
 * The programme page's data; polled every 2 s while a schedule runs (the run is in a worker upstream),
 * every 5 s while online links are being made (the BFF's link job) and no failure stopped them.
 */
export const programmeQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: programmeKeys.detail(eventId),
    queryFn: ({ signal }) => apiRequest(routes.get, { params: { id: eventId }, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.run.state === 'running') return 2000;
      return data && data.onlineLinks.missing > 0 && !data.onlineLinks.error ? 5000 : false;
    },
  });

export const useProgramme = (eventId: number) => useQuery(programmeQueryOptions(eventId));

/** Every write answers the whole programme, which replaces the cached one. */
function useProgrammeWrite<V>(eventId: number, write: (v: V) => Promise<ProgrammeView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (view) => queryClient.setQueryData(programmeKeys.detail(eventId), view),
  });
}

export const useSaveSettings = (eventId: number) =>
  useProgrammeWrite(eventId, (body: ProgrammeSettings) =>
    apiRequest(routes.saveSettings, { params: { id: eventId }, body }),
  );
export const useFreeze = (eventId: number) =>
  useProgrammeWrite(eventId, (frozen: boolean) =>
    apiRequest(routes.freeze, { params: { id: eventId }, body: { frozen } }),
  );
export const useRunSchedule = (eventId: number) =>
  useProgrammeWrite(eventId, () => apiRequest(routes.schedule, { params: { id: eventId } }));
export const usePublish = (eventId: number) =>
  useProgrammeWrite(eventId, () => apiRequest(routes.publish, { params: { id: eventId } }));
export const useMoveMeeting = (eventId: number) =>
  useProgrammeWrite(eventId, (v: { requestId: number; slotId: string; tableId: string | null }) =>
    apiRequest(routes.move, {
      params: { id: eventId, requestId: v.requestId },
      body: { slotId: v.slotId, tableId: v.tableId },
    }),
  );
export const useMeetingStatus = (eventId: number) =>
  useProgrammeWrite(
    eventId,
    (v: { requestId: number; status: ProgrammeView['meetings'][number]['status'] }) =>
      apiRequest(routes.meetingStatus, {
        params: { id: eventId, requestId: v.requestId },
        body: { status: v.status },
      }),
  );
export const useGiveOffer = (eventId: number) =>
  useProgrammeWrite(eventId, (v: { slotId: string; requestId: number }) =>
    apiRequest(routes.offer, { params: { id: eventId }, body: v }),
  );

/**
 * The weights go through the spec's `config_matching` webhook (POST `?f={eventId}`), stored against the
 * event's B2B form (`form_id`); the programme's answer reads them back.
 */
export function useSaveMatchConfig(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (config: MatchConfigBody) => {
      const forms = (await automation('eventForms', { eventId }, eventForms)).data;
      const form = forms.find((f) => f.kind === 'b2b') ?? forms[0];
      if (!form) throw new Error('no form');
      return automation(
        'configMatching',
        { f: eventId },
        configMatching.shape.data.element.pick({ formId: true }),
        {
          method: 'POST',
          body: JSON.stringify({ form_id: form.id, config }),
          contentType: 'application/json',
        },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeKeys.detail(eventId) }),
  });
}

/** Queues the making of the online meetings' missing links; the programme is read again as they come. */
export function useCreateLinks(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(routes.createLinks, { params: { id: eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeKeys.detail(eventId) }),
  });
}
