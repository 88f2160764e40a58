import type { Conflict, PlanningSession } from '@evt/contracts/planning';
import type { TFunction } from 'i18next';

/** One clash in words: the room or the speaker, and the other session with its time. */
export function conflictText(t: TFunction, conflict: Conflict, sessions: readonly PlanningSession[]): string {
  const other = sessions.find((s) => s.id === conflict.with);
  const at = other ? { title: other.title, start: other.start, end: other.end, room: other.room } : null;
  if (!at) return t('planning.conflicts.unknown');
  return conflict.kind === 'room'
    ? t('planning.conflicts.room', at)
    : t('planning.conflicts.speaker', { ...at, speaker: conflict.speaker });
}
