import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query, and one way to change part of it (a new history entry, or in place with `replace`).
 *
 * React Router's setter starts from the query of the last render, and the router renders a navigation as a
 * transition: two changes made before that render (typing a search then picking a filter, on a busy
 * machine) would let the second drop the first. Each change here starts from the query the previous change
 * asked for until a render shows it.
 */
export function useSearchParamsUpdate() {
  const [params, setParams] = useSearchParams();
  const asked = useRef<string | null>(null);
  // the committed render that shows what was asked ends the wait (a Back or a link afterwards is the
  // address again); not during the render, which React may start with the new query and then drop for an
  // urgent one (the next keystroke or choice), leaving the query on screen the old one
  useEffect(() => {
    if (asked.current === params.toString()) asked.current = null;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(asked.current ?? params);
      change(next);
      asked.current = next.toString();
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, update] as const;
}
