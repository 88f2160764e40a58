import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { createContext, useContext } from 'react';
import { fetchEventForms } from './public-registration';
import { createReadCache, type ReadState, useRead } from '../../../lib/read-cache';

/**
 * The event's public forms (GET /api/public/events/{slug}/forms), the one thing a visitor's form page
 * reads from the server, in a read cache (lib/read-cache.ts, fresh for a minute). Seeded by the server's embedded state
 * (hydration) or by the event's public page, filled ahead of the first render by the routes' prefetch;
 * both entries (visitor and application) read it through `useEventForms`.
 */
export type EventFormsState = ReadState<PublicEventForms>;
export type EventFormsCache = ReturnType<typeof createEventFormsCache>;

export const createEventFormsCache = (
  fetcher: (slug: string) => Promise<PublicEventForms> = fetchEventForms,
) => createReadCache(fetcher, { freshMs: 60_000 });

/** The browser's one cache; the server renders each page with its own (web/src/visitor/server.tsx). */
export const eventFormsCache = createEventFormsCache();
export const EventFormsContext = createContext<EventFormsCache>(eventFormsCache);

/** The event's forms for a page: asked on mount when absent, stale or failed. */
export function useEventForms(slug: string): EventFormsState {
  return useRead(useContext(EventFormsContext), slug);
}
