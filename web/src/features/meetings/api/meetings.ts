import type { Meeting, MeetingInput, MeetingPlatform } from '@evt/contracts/meetings';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { googleConnectionQuery } from '../../../lib/queries/google-connection';

export const meetingKeys = {
  all: ['meetings'] as const,
  forEvent: (eventId: number, platform: MeetingPlatform) =>
    [...meetingKeys.all, 'event', eventId, platform] as const,
  one: (eventId: number, meetingId: number) => [...meetingKeys.all, 'one', eventId, meetingId] as const,
  connection: googleConnectionQuery.queryKey,
};

/** How often a meeting whose Meet conference Google is still preparing is read again. */
const PENDING_POLL_MS = 2_000;

export function useMeetings(eventId: number, platform: MeetingPlatform) {
  return useQuery({
    queryKey: meetingKeys.forEvent(eventId, platform),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.meetings.list, { params: { id: eventId }, query: { platform }, signal }))
        .data,
  });
}

/** What the poll of a pending conference may change: Google's links and the conference state, nothing else. */
const conferenceOf = ({ url, joinUrl, googleCalendarLink, conferenceStatus }: Meeting) => ({
  url,
  joinUrl,
  googleCalendarLink,
  conferenceStatus,
});

/**
 * A pending conference is polled until Google has the Meet link (or says it failed). The answer goes into
 * the event's list, the one copy the page shows: a second cached copy of the meeting would outlive the
 * poll and hide later edits (the list showed the old title after an edit). Only the conference
 * fields are taken, so a poll answered just before an edit cannot bring the old title back.
 */
export function usePendingConference(meeting: Meeting) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: meetingKeys.one(meeting.eventId, meeting.id),
    queryFn: async ({ signal }) => {
      const fresh = await apiRequest(apiRoutes.meetings.get, {
        params: { id: meeting.eventId, meetingId: meeting.id },
        signal,
      });
      queryClient.setQueryData<Meeting[]>(meetingKeys.forEvent(meeting.eventId, meeting.platform), (list) =>
        list?.map((m) => (m.id === fresh.id ? { ...m, ...conferenceOf(fresh) } : m)),
      );
      return fresh.conferenceStatus;
    },
    enabled: meeting.conferenceStatus === 'pending',
    refetchInterval: (query) => (query.state.data === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** 32 random hex digits (getRandomValues works outside secure contexts too, unlike randomUUID). */
const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The create's request key: one per meeting typed. The same input sent again (a retry after an error or a
 * lost answer) keeps its key, so the BFF answers the meeting the first try made instead of a second one;
 * a changed input or a success draws a new key.
 */
function useRequestKey() {
  const last = useRef<{ input: string; key: string } | null>(null);
  return {
    keyFor(input: MeetingInput): string {
      const text = JSON.stringify(input);
      if (last.current?.input !== text) last.current = { input: text, key: randomKey() };
      return last.current.key;
    },
    settle() {
      last.current = null;
    },
  };
}

export function useSaveMeetingMutation(eventId: number, platform: MeetingPlatform) {
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: MeetingInput }) => {
      const routes =
        platform === 'zoom'
          ? { create: apiRoutes.meetings.createZoom, update: apiRoutes.meetings.updateZoom }
          : { create: apiRoutes.meetings.createGoogle, update: apiRoutes.meetings.updateGoogle };
      return id === null
        ? apiRequest(routes.create, {
            params: { id: eventId },
            body: { ...input, requestKey: requestKey.keyFor(input) },
          })
        : apiRequest(routes.update, { params: { id: eventId, meetingId: id }, body: input });
    },
    onSuccess: () => requestKey.settle(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.forEvent(eventId, platform) }),
  });
}

export function useDeleteMeetingMutation(eventId: number, platform: MeetingPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: number) =>
      apiRequest(apiRoutes.meetings.remove, { params: { id: eventId, meetingId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.forEvent(eventId, platform) }),
  });
}

export function useDisconnectGoogleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.meetings.googleDisconnect, {}),
    onSuccess: ({ revoked: _revoked, ...connection }) =>
      queryClient.setQueryData(meetingKeys.connection, connection),
  });
}
