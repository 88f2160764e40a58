import { eventFormsOfPage, type PublicEventPage } from '@evt/contracts/public-registrations';
import { eventFormsCache } from './event-forms';
import { fetchEventPage } from './public-registration';
import { createSlugCache, type SlugState, useSlugCache } from './slug-cache';

/**
 * The event's public page (GET /api/public/events/{slug}). Its answer holds the event's forms too: they
 * seed the forms' cache under the event's id and slug, so a form opened from the page renders at once.
 */
export const eventPageCache = createSlugCache(async (slug: string) => {
  const page = await fetchEventPage(slug);
  const forms = eventFormsOfPage(page);
  for (const key of new Set([slug, page.event.slug])) eventFormsCache.seed(key, forms);
  return page;
});

export const useEventPage = (slug: string): SlugState<PublicEventPage> => useSlugCache(eventPageCache, slug);
