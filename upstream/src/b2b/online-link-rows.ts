import { type OnlineLinkWork, onlineLinkPlan } from '@evt/contracts/b2b-online';
import { toIso } from '../db/db';
import { type Programme, slotsOf } from './companies';
import type { MeetingRow } from './schedule';

/** The rows of b2b_meetings as the link job reads them (contracts/src/b2b-online.ts), online ones only. */
export function onlineLinkWorkOf(
  programme: Programme,
  rows: readonly MeetingRow[],
  eventName: string,
  checkedAt: Date | null,
): OnlineLinkWork {
  const slots = new Map(slotsOf(programme.settings, programme.timeZone).map((s) => [s.id, s]));
  return {
    eventId: programme.eventId,
    eventName,
    published: programme.publishedAt !== null,
    platform: programme.settings.onlinePlatform,
    checkedAt: checkedAt ? toIso(checkedAt) : null,
    meetings: rows
      .filter((m) => m.online)
      .flatMap((m) => {
        const slot = slots.get(m.slot_id);
        if (!slot) return [];
        return [
          {
            requestId: Number(m.request_id),
            uid: m.uid,
            sequence: Number(m.sequence),
            status: m.status as OnlineLinkWork['meetings'][number]['status'],
            slotId: m.slot_id,
            start: slot.start,
            end: slot.end,
            fromName: m.from_name ?? '',
            toName: m.to_name ?? '',
            link:
              m.online_platform && m.online_ref && m.online_slot
                ? {
                    platform: m.online_platform as 'google_meet' | 'zoom',
                    ref: m.online_ref,
                    url: m.online_url,
                    slotId: m.online_slot,
                    owner:
                      m.online_owner_id === null
                        ? null
                        : {
                            userId: Number(m.online_owner_id),
                            accountId: m.online_account_id,
                            accountEmail: m.online_account_email,
                          },
                  }
                : null,
          },
        ];
      }),
  };
}

/** The programme page's summary: how many links are still to make, move or delete, and the last failure. */
export function onlineLinksSummaryOf(
  programme: Programme,
  rows: readonly MeetingRow[],
  state: { online_error: string | null; online_checked_at: Date | null } | undefined,
) {
  const work = onlineLinkWorkOf(programme, rows, '', state?.online_checked_at ?? null);
  return {
    missing: onlineLinkPlan(work).length,
    error: state?.online_error ?? null,
    checkedAt: work.checkedAt,
  };
}
