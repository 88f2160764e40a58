import { eventFormsOfPage, type PublicEventPage } from '@evt/contracts/public-registrations';
import { eventFormsCache } from './event-forms';
import { fetchEventPage } from './public-registration';
import { createReadCache, type ReadState, useRead } from '../../../lib/read-cache';

/**
 * The event's public page (GET /api/public/events/{slug}). Its answer holds the event's forms too: they
 * seed the forms' cache under the event's id and slug, so a form opened from the page renders at once.
 */
export const eventPageCache = createReadCache(
  async (slug: string) => {
    const page = await fetchEventPage(slug);
    const forms = eventFormsOfPage(page);
    for (const key of new Set([slug, page.event.slug])) eventFormsCache.seed(key, forms);
    return page;
  },
  { freshMs: 60_000 },
);

export const useEventPage = (slug: string): ReadState<PublicEventPage> => useRead(eventPageCache, slug);
