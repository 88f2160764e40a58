import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@evt/contracts/webhooks';
import type { MessageKey } from '../../../lib/i18n/keys';

/** The words of each event type (the codes hold dots, which i18next reads as nesting). */
export const EVENT_TEXT = {
  'registration.created': 'webhooks.events.registration_created',
  'registration.confirmed': 'webhooks.events.registration_confirmed',
  'registration.waitlisted': 'webhooks.events.registration_waitlisted',
  'registration.promoted': 'webhooks.events.registration_promoted',
  'registration.cancelled': 'webhooks.events.registration_cancelled',
  'registration.erased': 'webhooks.events.registration_erased',
  'checkin.created': 'webhooks.events.checkin_created',
  'lead.scanned': 'webhooks.events.lead_scanned',
  'b2b.meeting.published': 'webhooks.events.b2b_meeting_published',
  'b2b.meeting.moved': 'webhooks.events.b2b_meeting_moved',
  'b2b.meeting.cancelled': 'webhooks.events.b2b_meeting_cancelled',
  'mailing.finished': 'webhooks.events.mailing_finished',
} as const satisfies Record<WebhookEventType, MessageKey>;

/** A delivered event's words: a known type's, the test event's, else its code. */
export function eventTextKey(type: string): MessageKey | null {
  if (type === 'ping') return 'webhooks.events.ping';
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)
    ? EVENT_TEXT[type as WebhookEventType]
    : null;
}
