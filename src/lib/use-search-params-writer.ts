import { useCallback, useEffect } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** The last change written to the address that a render may not have caught up with yet. */
let pending: { from: string; to: string } | null = null;

/**
 * A setter for the address's query that builds each change on the one before it, from whichever
 * part of the page it comes. The router's own functional setter starts from the parameters of the
 * caller's last render, and the router renders a navigation in a transition, which waits while
 * the next screen loads: a change made in that window (a debounced search firing while a dialog
 * just opened fetches its enquiry) started from the old address and dropped the other change.
 */
export function useSearchParamsWriter() {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  useEffect(() => {
    if (pending?.to === rendered) pending = null;
  }, [rendered]);
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const base = pending?.from === rendered ? pending.to : rendered;
      const next = update(new URLSearchParams(base));
      pending = { from: rendered, to: next.toString() };
      setParams(next, options);
    },
    [rendered, setParams],
  );
}
