import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The visitor pages' one way to read from the server: a keyed cache of answers on React's own
 * useSyncExternalStore, read by `useRead`. The visitor's entry carries no TanStack Query (it cost the
 * visitor's first load about 12 KB of gzipped JavaScript); this keeps its ideas: one request per key at a
 * time, a stale answer shown while it is asked again, a failure kept for the page, seeding from the server's
 * embedded state (hydration) or from another read, and a prefetch ahead of the first render.
 */
export interface ReadState<T> {
  data: T | undefined;
  error: unknown;
  /** no answer yet (nor an error): the page shows its spinner */
  isPending: boolean;
  isError: boolean;
}

interface Entry<T> extends ReadState<T> {
  promise?: Promise<T>;
  at: number;
}

export interface ReadCacheOptions<A> {
  /** the cache key of a read's arguments (default: the arguments as a string) */
  keyOf?: (args: A) => string;
  /** how long an answer is used as is (ms); 0, the default, asks again whenever a page mounts */
  freshMs?: number;
}

export type ReadCache<A, T> = ReturnType<typeof createReadCache<A, T>>;

/**
 * The pages opened in this module graph: a cache's answers belong to the page they were read for. Counted,
 * not a list of caches to empty: the server makes a cache for each page it renders, which a list would
 * keep alive.
 */
let page = 0;

/**
 * A new page has read nothing yet: every cache starts empty at its next use. For tests, which open many
 * pages in one module graph (web/src/test/setup.ts), where a browser would load the module again.
 */
export function forgetReads(): void {
  page++;
}

export function createReadCache<A, T>(
  fetcher: (args: A) => Promise<T>,
  { keyOf = String, freshMs = 0 }: ReadCacheOptions<A> = {},
) {
  const nothing: Entry<T> = { data: undefined, error: undefined, isPending: true, isError: false, at: 0 };
  let entries = new Map<string, Entry<T>>();
  let entriesPage = page;
  const answers = () => {
    if (entriesPage !== page) {
      entries = new Map();
      entriesPage = page;
    }
    return entries;
  };
  const listeners = new Set<() => void>();
  const put = (key: string, entry: Entry<T>) => {
    answers().set(key, entry);
    for (const listener of listeners) listener();
  };
  const peek = (args: A): ReadState<T> => answers().get(keyOf(args)) ?? nothing;

  function ask(args: A, force: boolean): Promise<T> {
    const key = keyOf(args);
    const current = answers().get(key);
    // on its way, or fresh: the same answer (a refresh asks anew: what it answers may predate a change)
    if (!force && current?.promise && !current.isError)
      if (current.at === 0 || Date.now() - current.at < freshMs) return current.promise;
    const promise = fetcher(args).then(
      (data) => {
        if (answers().get(key)?.promise === promise)
          put(key, { data, error: undefined, isPending: false, isError: false, at: Date.now(), promise });
        return data;
      },
      (error: unknown) => {
        if (answers().get(key)?.promise === promise)
          put(key, { data: undefined, error, isPending: false, isError: true, at: Date.now(), promise });
        throw error;
      },
    );
    // a stale answer stays shown while it is asked again
    put(key, {
      data: current?.data,
      error: undefined,
      isPending: current?.data === undefined,
      isError: false,
      at: 0,
      promise,
    });
    return promise;
  }

  return {
    keyOf,
    peek,
    /** The answer, asked once while a request is on its way or its answer is fresh. */
    load: (args: A) => ask(args, false),
    /** Asked again now (after the page changed what the answer holds). */
    refresh: (args: A) => ask(args, true),
    /** An answer known otherwise (what the server rendered from): fresh, so nothing is asked. */
    seed(args: A, data: T) {
      put(keyOf(args), {
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

/**
 * A cache's answer for a page: asked on mount (and when the key changes) unless fresh; `reload` asks again.
 * `args` is compared by its key, so a new object with the same key asks nothing.
 */
export function useRead<A, T>(
  cache: ReadCache<A, T>,
  args: A,
  options: { keepPrevious?: boolean } = {},
): ReadState<T> & { reload: () => void } {
  const key = cache.keyOf(args);
  const current = useSyncExternalStore(
    cache.subscribe,
    () => cache.peek(args),
    () => cache.peek(args),
  );
  // with keepPrevious, a new key (a search being typed) shows the last answer until its own arrives
  const previous = useRef<T | undefined>(undefined);
  if (current.data !== undefined) previous.current = current.data;
  const state =
    options.keepPrevious && current.isPending && previous.current !== undefined
      ? { ...current, data: previous.current, isPending: false }
      : current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the arguments
  useEffect(() => {
    cache.load(args).catch(() => undefined);
  }, [cache, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the arguments
  const reload = useCallback(() => {
    cache.refresh(args).catch(() => undefined);
  }, [cache, key]);
  return { ...state, reload };
}
