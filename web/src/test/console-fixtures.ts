import type { SessionState } from '@evt/contracts/auth';
import type { EventForm } from '@evt/contracts/upstream-automation';
import { fixtures, json } from './render-app';

/** The signed-in organiser with event 3 selected (the event pages select the event they show). */
export const sessionOnEvent = (eventId = 3): SessionState => {
  const session = fixtures.session();
  return { ...session, selection: { ...session.selection, eventId } };
};

export const form = (id: number, kind: string, title: string, open = true, registrations = 0): EventForm => ({
  id,
  eventId: 3,
  kind,
  title,
  open,
  updatedAt: '2026-02-01T10:00:00.000Z',
  registrations,
});

/** GET enrolment metrics of event 3: registrations per form slug. */
export const metrics = (byRole: Record<string, number>) =>
  json(200, {
    eventId: 3,
    total: Object.values(byRole).reduce((a, b) => a + b, 0),
    byRole,
    byStatus: { pending: 0, confirmed: 0 },
    byDay: [],
  });
