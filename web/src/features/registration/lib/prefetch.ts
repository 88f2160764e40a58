import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { eventFormsCache } from '../api/event-forms';
import { loadFormModule } from './form-modules';

/**
 * Started by the route's loader, in parallel with the session check, the language and the page's own
 * chunk: the event's forms (into the one cache the page reads, through the one transport) and the form's
 * schema arrive without waiting for the page to render first.
 */
export function prefetchVisitorForm(slug: string, kind: RegistrationKind): void {
  if (typeof window === 'undefined') return;
  eventFormsCache.load(slug).catch(() => undefined);
  void loadFormModule(kind).catch(() => undefined);
}
