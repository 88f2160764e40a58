import {
  type EventForm,
  eventForm,
  type eventFormBody,
  eventForms,
  type formLimitsBody,
} from '@evt/contracts/upstream-automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { automation } from '../../../lib/automation';
import { eventFormsQueryOptions } from '../../../lib/queries/event-forms';

const JSON_BODY = 'application/json';

/** Renames, opens or closes one form (POST event-forms with its id); the list takes the saved form. */
export function useSaveEventFormMutation(eventId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = eventFormsQueryOptions(eventId);
  return useMutation({
    mutationFn: (
      form: Pick<EventForm, 'id' | 'kind' | 'title' | 'titles' | 'open'> & {
        /** the whole list of custom questions, in order; absent: they stay as they are */
        questions?: z.input<typeof eventFormBody>['questions'];
        /** the registration limits; absent: they stay as they are */
        limits?: z.input<typeof formLimitsBody>;
      },
    ) =>
      automation('eventForms', { eventId }, eventForm, {
        method: 'POST',
        body: JSON.stringify({
          id: form.id,
          kind: form.kind,
          title: form.title,
          titles: form.titles,
          open: form.open,
          ...(form.questions ? { questions: form.questions } : {}),
          ...form.limits,
        }),
        contentType: JSON_BODY,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(queryKey, (old) => old?.map((f) => (f.id === saved.id ? saved : f))),
  });
}

/** Adds a form of a kind the event does not have yet (POST event-forms without an id), open, at the end. */
export function useAddEventFormMutation(eventId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = eventFormsQueryOptions(eventId);
  return useMutation({
    mutationFn: (form: { kind: string; title: string }) =>
      automation('eventForms', { eventId }, eventForm, {
        method: 'POST',
        body: JSON.stringify({ kind: form.kind, title: form.title, open: true }),
        contentType: JSON_BODY,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Removes a form no one registered through (the upstream refuses one with registrations: form_in_use). */
export function useRemoveEventFormMutation(eventId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = eventFormsQueryOptions(eventId);
  return useMutation({
    mutationFn: (form: Pick<EventForm, 'id'>) =>
      automation('eventForms', { eventId, id: form.id }, z.undefined(), { method: 'DELETE' }),
    onSuccess: (_answer, form) =>
      queryClient.setQueryData(queryKey, (old) => old?.filter((f) => f.id !== form.id)),
  });
}

/**
 * The new order (every form's id, once): shown at once, as the organiser moved it, and put back if the
 * upstream refuses it.
 */
export function useReorderEventFormsMutation(eventId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = eventFormsQueryOptions(eventId);
  return useMutation({
    mutationFn: async (formIds: number[]) =>
      (
        await automation('eventFormsOrder', { eventId }, eventForms, {
          method: 'POST',
          body: JSON.stringify({ formIds }),
          contentType: JSON_BODY,
        })
      ).data,
    onMutate: async (formIds) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      const byId = new Map(previous?.map((f) => [f.id, f]));
      const moved = formIds.flatMap((id) => byId.get(id) ?? []);
      if (previous && moved.length === previous.length) queryClient.setQueryData(queryKey, moved);
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (forms) => queryClient.setQueryData(queryKey, forms),
  });
}
