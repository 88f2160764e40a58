import type { ScheduleSlot } from '@evt/matching/api';
import type { Queryable } from '../db/db';
import type { MeetingRow } from '../b2b/schedule';
import { recordWebhookEvents } from './record';

/**
 * A publication's news, as the companies hear it (their mails go at publication too): each meeting
 * changed since the last one is `published` (never sent before), `cancelled` (sent before, now
 * cancelled) or `moved` (sent before, its slot or table changed, or its cancellation undone).
 */
export async function recordMeetingNews(
  db: Queryable,
  eventId: number,
  meetings: readonly MeetingRow[],
  slots: readonly ScheduleSlot[],
): Promise<void> {
  const slotById = new Map(slots.map((slot) => [slot.id, slot]));
  const news = { published: [], moved: [], cancelled: [] } as Record<
    'published' | 'moved' | 'cancelled',
    Record<string, unknown>[]
  >;
  for (const m of meetings) {
    if (m.mailed_sequence === m.sequence) continue;
    const cancelled = m.status === 'cancelled';
    const kind =
      m.mailed_sequence === null ? (cancelled ? null : 'published') : cancelled ? 'cancelled' : 'moved';
    if (kind === null) continue;
    const slot = slotById.get(m.slot_id);
    news[kind].push({
      meetingId: Number(m.request_id),
      uid: m.uid,
      companies: [
        { registrationId: Number(m.from_id), name: m.from_name },
        { registrationId: Number(m.to_id), name: m.to_name },
      ],
      start: slot?.start ?? null,
      end: slot?.end ?? null,
      tableId: m.table_id,
      online: Boolean(m.online),
      onlineUrl: m.online_url,
    });
  }
  await recordWebhookEvents(db, { eventId }, 'b2b.meeting.published', news.published);
  await recordWebhookEvents(db, { eventId }, 'b2b.meeting.moved', news.moved);
  await recordWebhookEvents(db, { eventId }, 'b2b.meeting.cancelled', news.cancelled);
}
