import { useEffect, useSyncExternalStore } from 'react';

/**
 * A small keyed cache of the visitor's public reads (an event's forms, its public page) on React's own
 * useSyncExternalStore rather than TanStack Query, which cost the visitor's first load about 12 KB of
 * gzipped JavaScript for these requests. Seeded by the server's embedded state (hydration) or by another
 * read of the same event, filled ahead of the first render by the routes' prefetch.
 */
export interface SlugState<T> {
  data: T | undefined;
  error: unknown;
  /** no answer yet (nor an error): the page shows its spinner */
  isPending: boolean;
  isError: boolean;
}

interface Entry<T> extends SlugState<T> {
  promise?: Promise<T>;
  at: number;
}

/** An answer is used as is for a minute; after that, or after a failure, a page that mounts asks again. */
const FRESH_MS = 60_000;

export type SlugCache<T> = ReturnType<typeof createSlugCache<T>>;

export function createSlugCache<T>(fetcher: (slug: string) => Promise<T>) {
  const nothing: Entry<T> = { data: undefined, error: undefined, isPending: true, isError: false, at: 0 };
  const entries = new Map<string, Entry<T>>();
  const listeners = new Set<() => void>();
  const put = (slug: string, entry: Entry<T>) => {
    entries.set(slug, entry);
    for (const listener of listeners) listener();
  };
  const peek = (slug: string): SlugState<T> => entries.get(slug) ?? nothing;

  /** The answer, asked once while a request is on its way or its answer is fresh. */
  function load(slug: string): Promise<T> {
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
    /** An answer known otherwise (what the server rendered from): fresh, so nothing is asked. */
    seed(slug: string, data: T) {
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

/** A cache's answer for a page: asked on mount when absent, stale or failed. */
export function useSlugCache<T>(cache: SlugCache<T>, slug: string): SlugState<T> {
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
