import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { publicFormsOf } from '@evt/contracts/registration-forms';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RouteContext } from '../context';

const FORMS_CACHE_MS = 5_000;

/** An event's public fields and the forms it offers, as `GET /api/public/events/{slug}/forms` answers. */
export type EventFormsReader = (slug: string, requestId: string) => Promise<PublicEventForms>;

/**
 * The forms of an event change rarely and every visitor of a page asks: a short in-process cache, shared
 * by the public forms route and the server rendering of the form page (bff/src/static/visitor-render.ts).
 */
export function eventFormsReader(ctx: RouteContext): EventFormsReader {
  const { upstream } = ctx;
  const cache = new Map<string, { at: number; body: PublicEventForms }>();
  return async (slug, rid) => {
    const cached = cache.get(slug);
    if (cached && Date.now() - cached.at < FORMS_CACHE_MS) return cached.body;
    const event = await upstream.call(upstreamRoutes.publicEvent, { params: { slug }, requestId: rid });
    const forms = await upstream.call(upstreamRoutes.eventForms, {
      query: { eventId: event.id },
      requestId: rid,
    });
    const body: PublicEventForms = { event, forms: publicFormsOf(forms.data) };
    if (cache.size > 1000) cache.clear();
    cache.set(slug, { at: Date.now(), body });
    return body;
  };
}
