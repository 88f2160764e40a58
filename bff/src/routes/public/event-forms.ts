import {
  eventFormsOfPage,
  type PublicEventForms,
  type PublicEventPage,
} from '@evt/contracts/public-registrations';
import { publicFormsOf } from '@evt/contracts/registration-forms';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { RouteContext } from '../context';

const FORMS_CACHE_MS = 5_000;

/** An event's public fields and the forms it offers, as `GET /api/public/events/{slug}/forms` answers. */
export type EventFormsReader = (slug: string, requestId: string) => Promise<PublicEventForms>;
/** The event's public page, as `GET /api/public/events/{slug}` answers. */
export type EventPageReader = (slug: string, requestId: string) => Promise<PublicEventPage>;

/** The public page reads, and the forgetting of an event's when a change made through this BFF alters it. */
export interface EventPages {
  read: EventPageReader;
  /** drops what is kept of the event (every slug it was asked by): the next read asks the upstream */
  forget(eventId: number): void;
}

/**
 * The event and its forms change rarely and every visitor of a page asks: a short in-process cache of
 * the two upstream reads, shared by the public event and forms routes and the server rendering of the
 * form page (bff/src/static/visitor-render.ts). A change of the event's forms made through this BFF
 * forgets it at once (the organiser's preview shows the form just opened); another instance's copy lives
 * its few seconds. A read that began before a change does not keep its answer.
 */
export function eventPageCache(ctx: RouteContext): EventPages {
  const { upstream } = ctx;
  const cache = new Map<string, { at: number; body: PublicEventPage }>();
  let changes = 0;
  const read: EventPageReader = async (slug, rid) => {
    const cached = cache.get(slug);
    if (cached && Date.now() - cached.at < FORMS_CACHE_MS) return cached.body;
    const seen = changes;
    const { formsOff, ...event } = await upstream.call(upstreamRoutes.publicEvent, {
      params: { slug },
      requestId: rid,
    });
    const forms = await upstream.call(upstreamRoutes.eventForms, {
      query: { eventId: event.id },
      requestId: rid,
    });
    // the event's forms switched off: each is listed closed, so its page says so before anything is typed
    const open = publicFormsOf(forms.data);
    const body: PublicEventPage = {
      event,
      forms: formsOff ? open.map((f) => ({ ...f, open: false })) : open,
    };
    if (cache.size > 1000) cache.clear();
    if (seen === changes) cache.set(slug, { at: Date.now(), body });
    return body;
  };
  const forget = (eventId: number) => {
    changes += 1;
    for (const [slug, kept] of cache) if (kept.body.event.id === eventId) cache.delete(slug);
  };
  return { read, forget };
}

/** The forms' answer from the page's: the event's summary only, so a form page carries no description. */
export function eventFormsReader(readPage: EventPageReader): EventFormsReader {
  return async (slug, rid) => eventFormsOfPage(await readPage(slug, rid));
}
