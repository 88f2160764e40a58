import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { fetchEventForms } from './public-registration';

/**
 * The event's public forms (GET /api/public/events/{slug}/forms), the one thing a visitor's form page
 * reads from the server: a small keyed cache on React's own useSyncExternalStore rather than TanStack
 * Query, which cost the visitor's first load about 12 KB of gzipped JavaScript for this one request.
 * Seeded by the server's embedded state (hydration) and filled ahead of the first render by the routes'
 * prefetch; both entries (visitor and application) read it through `useEventForms`.
 */
export interface EventFormsState {
  data: PublicEventForms | undefined;
  error: unknown;
  /** no answer yet (nor an error): the page shows its spinner */
  isPending: boolean;
  isError: boolean;
}

interface Entry extends EventFormsState {
  promise?: Promise<PublicEventForms>;
  at: number;
}

/** An answer is used as is for a minute; after that, or after a failure, a page that mounts asks again. */
const FRESH_MS = 60_000;
const NOTHING: Entry = { data: undefined, error: undefined, isPending: true, isError: false, at: 0 };

export type EventFormsCache = ReturnType<typeof createEventFormsCache>;

export function createEventFormsCache(
  fetcher: (slug: string) => Promise<PublicEventForms> = fetchEventForms,
) {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const put = (slug: string, entry: Entry) => {
    entries.set(slug, entry);
    for (const listener of listeners) listener();
  };
  const peek = (slug: string): EventFormsState => entries.get(slug) ?? NOTHING;

  /** The forms, asked once while a request is on its way or its answer is fresh. */
  function load(slug: string): Promise<PublicEventForms> {
    const current = entries.get(slug);
    if (current?.promise && !current.isError && (current.isPending || Date.now() - current.at < FRESH_MS))
      return current.promise;
    const promise = fetcher(slug).then(
      (data) => {
        put(slug, { data, error: undefined, isPending: false, isError: false, at: Date.now(), promise });
        return data;
      },
      (error: unknown) => {
        put(slug, { data: undefined, error, isPending: false, isError: true, at: Date.now(), promise });
        throw error;
      },
    );
    // a stale answer stays shown while it is asked again
    put(slug, {
      data: current?.data,
      error: undefined,
      isPending: !current?.data,
      isError: false,
      at: 0,
      promise,
    });
    return promise;
  }

  return {
    peek,
    load,
    /** What the server rendered from: fresh, so hydration renders the same page and asks nothing. */
    seed(slug: string, data: PublicEventForms) {
      put(slug, {
        data,
        error: undefined,
        isPending: false,
        isError: false,
        at: Date.now(),
        promise: Promise.resolve(data),
      });
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's one cache; the server renders each page with its own (web/src/visitor/server.tsx). */
export const eventFormsCache = createEventFormsCache();
export const EventFormsContext = createContext<EventFormsCache>(eventFormsCache);

/** The event's forms for a page: asked on mount when absent, stale or failed. */
export function useEventForms(slug: string): EventFormsState {
  const cache = useContext(EventFormsContext);
  const state = useSyncExternalStore(
    cache.subscribe,
    () => cache.peek(slug),
    () => cache.peek(slug),
  );
  useEffect(() => {
    cache.load(slug).catch(() => undefined);
  }, [cache, slug]);
  return state;
}
