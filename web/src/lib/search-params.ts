import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query, and one way to change part of it (a new history entry, or in place with `replace`).
 *
 * React Router's setter starts from the query of the last render, and the router renders a navigation as a
 * transition: two changes made before that render (typing a search then picking a filter, on a busy
 * machine) would let the second drop the first. Each change here starts from the last query asked for that
 * no render has shown yet; a render showing a query that was not asked for (Back, a link) ends them all.
 */
export function useSearchParamsUpdate() {
  const [params, setParams] = useSearchParams();
  // the queries asked for, oldest first, that no committed render has shown yet
  const pending = useRef<string[]>([]);
  // counted from committed renders, not during the render, which React may start with the new query and
  // then drop for an urgent one (the next keystroke or choice), leaving the query on screen the old one
  useEffect(() => {
    const shown = pending.current.indexOf(params.toString());
    pending.current = shown === -1 ? [] : pending.current.slice(shown + 1);
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(pending.current.at(-1) ?? params);
      change(next);
      pending.current.push(next.toString());
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, update] as const;
}
