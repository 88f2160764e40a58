import type { ActivityItem, ActivityKind } from '@evt/contracts/analytics';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n/keys';
import { usePersonName } from '../../../lib/person-name';
import { registrationListPageOf } from '../../../lib/registration-list-pages';

/** One line of the activity page: when, what, by whom (when recorded) and where to see it (while it exists). */
export type TimelineItem = { id: string; at: string; text: string; actor: string | null; to: string | null };

/** The text of each kind (the codes hold dots, which i18next reads as nesting). */
const TEXT = {
  'registration.created': 'console.activities.registrationCreated',
  'registration.confirmed': 'console.activities.registrationConfirmed',
  'registration.cancelled': 'console.activities.registrationCancelled',
  'registration.deleted': 'console.activities.registrationDeleted',
  'mailing.sent': 'console.activities.mailingSent',
  'b2b.requested': 'console.activities.b2bRequested',
  'b2b.scheduled': 'console.activities.b2bScheduled',
  'b2b.published': 'console.activities.b2bPublished',
  'document.deleted': 'console.activities.documentDeleted',
  'team.deleted': 'console.activities.teamDeleted',
  'project.deleted': 'console.activities.projectDeleted',
  'task.deleted': 'console.activities.taskDeleted',
} as const satisfies Record<ActivityKind, MessageKey>;

/** The page each kind links to, from the event's id and the item. */
function linkOf(eventId: number, item: ActivityItem, name: string): string | null {
  if (!item.exists) return null;
  if (item.kind.startsWith('b2b.')) return `/events/b2b-${eventId}`;
  if (item.kind === 'mailing.sent') return `/events/mailings-${eventId}`;
  const page = item.registration && registrationListPageOf(item.registration.kind);
  // the list of the registration's kind, searched for the person
  return page ? `/events/${page}-${eventId}?${new URLSearchParams({ q: name })}` : null;
}

/** The recorded activity as timeline lines, in the page's language. */
export function useActivityItems() {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  return (eventId: number, items: readonly ActivityItem[]): TimelineItem[] =>
    items.map((item, index) => {
      const name = item.registration ? nameOf(item.registration) : '';
      const [first = '', second = ''] = item.names;
      const values = { name, subject: first, from: first, to: second, count: item.count ?? 0 };
      return {
        id: `${item.kind}-${item.at}-${index}`,
        at: item.at,
        text: t(TEXT[item.kind], values),
        actor: item.actor,
        to: linkOf(eventId, item, name),
      };
    });
}
