import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { kindsOfFormCodes } from '@evt/contracts/registration-forms';
import type { ReactNode } from 'react';
import { useEventForms } from '../../../lib/queries/event-forms';

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
  const codes = useEventForms(eventId).data?.map((form) => form.kind);
  return children(codes && kindsOfFormCodes(codes));
}
