import { FORM_SLUGS, REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import type { ReactNode } from 'react';
import { useEventForms } from '../api/event-forms';

/**
 * The registration kinds of the forms the event has (undefined while they load), for pages of other
 * features that offer a choice of forms (app/ composes them).
 */
export function EventFormKinds({
  eventId,
  children,
}: {
  eventId: number;
  children: (kinds: readonly RegistrationKind[] | undefined) => ReactNode;
}) {
  const slugs = useEventForms(eventId).data?.map((form) => form.kind);
  return children(slugs && REGISTRATION_KINDS.filter((kind) => slugs.includes(FORM_SLUGS[kind])));
}
