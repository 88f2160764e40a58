import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { createContext, useContext } from 'react';
import { fetchEventForms } from './public-registration';
import { createSlugCache, type SlugState, useSlugCache } from './slug-cache';

/**
 * The event's public forms (GET /api/public/events/{slug}/forms), the one thing a visitor's form page
 * reads from the server, in a slug cache (./slug-cache.ts). Seeded by the server's embedded state
 * (hydration) or by the event's public page, filled ahead of the first render by the routes' prefetch;
 * both entries (visitor and application) read it through `useEventForms`.
 */
export type EventFormsState = SlugState<PublicEventForms>;
export type EventFormsCache = ReturnType<typeof createEventFormsCache>;

export const createEventFormsCache = (
  fetcher: (slug: string) => Promise<PublicEventForms> = fetchEventForms,
) => createSlugCache(fetcher);

/** The browser's one cache; the server renders each page with its own (web/src/visitor/server.tsx). */
export const eventFormsCache = createEventFormsCache();
export const EventFormsContext = createContext<EventFormsCache>(eventFormsCache);

/** The event's forms for a page: asked on mount when absent, stale or failed. */
export function useEventForms(slug: string): EventFormsState {
  return useSlugCache(useContext(EventFormsContext), slug);
}
