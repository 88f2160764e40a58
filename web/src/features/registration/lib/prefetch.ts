import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { loadFormModule } from './form-modules';

/**
 * Started by the route's loader, in parallel with the session check, the language and the page's own
 * chunk: the event's forms and the form's schema arrive without waiting for the page to render first.
 */
const forms = new Map<string, Promise<PublicEventForms | null>>();

export function prefetchVisitorForm(slug: string, kind: RegistrationKind): void {
  if (typeof window === 'undefined') return;
  if (!forms.has(slug)) {
    forms.set(
      slug,
      fetch(`/api/public/events/${encodeURIComponent(slug)}/forms`, {
        headers: { accept: 'application/json' },
      })
        .then((r) => (r.ok ? (r.json() as Promise<PublicEventForms>) : null))
        .catch(() => null),
    );
  }
  void loadFormModule(kind).catch(() => undefined);
}

/** The prefetched answer once (a later visit asks the server again); null when none or it failed. */
export function takePrefetchedForms(slug: string): Promise<PublicEventForms | null> | undefined {
  const found = forms.get(slug);
  forms.delete(slug);
  return found;
}
