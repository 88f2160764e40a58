import type { PlanningSession } from '@evt/contracts/planning';

/** `HH:MM` -> minutes since midnight. */
export const toMinutes = (time: string): number => {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
};
/** minutes since midnight -> `HH:MM` (kept within the day). */
export const fromMinutes = (minutes: number): string => {
  const clamped = Math.max(0, Math.min(23 * 60 + 59, minutes));
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
};

/** The grid's step: a row per quarter of an hour; arrow keys move a session by one step. */
export const STEP = 15;

/** The session moved to start at `start` (minutes), its length kept; null when it would leave the day. */
export function movedTo<S extends Pick<PlanningSession, 'start' | 'end'>>(
  session: S,
  start: number,
): S | null {
  const length = toMinutes(session.end) - toMinutes(session.start);
  if (start < 0 || start + length > 24 * 60 - 1) return null;
  return { ...session, start: fromMinutes(start), end: fromMinutes(start + length) };
}

/** The hours a day's grid shows: 08:00 to 19:00, stretched to the day's earliest and latest sessions. */
export function dayBounds(sessions: readonly Pick<PlanningSession, 'start' | 'end'>[]) {
  const first = Math.min(8 * 60, ...sessions.map((s) => toMinutes(s.start)));
  const last = Math.max(19 * 60, ...sessions.map((s) => toMinutes(s.end)));
  return { first: Math.floor(first / 60) * 60, last: Math.ceil(last / 60) * 60 };
}

/** The event's days from its dates (`YYYY-MM-DD`, UTC), plus any day a session is on. */
export function eventDays(
  startDate: string,
  endDate: string,
  sessions: readonly { day: string }[],
): string[] {
  const days = new Set(sessions.map((s) => s.day));
  const from = new Date(startDate.slice(0, 10));
  const to = new Date(endDate.slice(0, 10));
  if (!Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()))
    for (let d = from; d <= to && days.size < 60; d = new Date(d.getTime() + 86_400_000))
      days.add(d.toISOString().slice(0, 10));
  return [...days].sort();
}

/** "Friday 22 January" in the page's language. */
export const dayLabel = (locale: string, day: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
