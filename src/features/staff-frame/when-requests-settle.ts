import type { QueryClient } from '@tanstack/react-query';

/** Longest wait for requests already sent; a hung request must not keep anyone signed in. */
const SETTLE_LIMIT_MS = 5_000;

/**
 * Resolves once no query or mutation of `queryClient` is in flight (at once when there is no
 * cache), or after a few seconds at most.
 */
export function whenRequestsSettle(queryClient: QueryClient | undefined): Promise<void> {
  if (!queryClient) return Promise.resolve();
  const busy = () => queryClient.isFetching() + queryClient.isMutating() > 0;
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const stopQueries = queryClient.getQueryCache().subscribe(check);
    const stopMutations = queryClient.getMutationCache().subscribe(check);
    const timer = setTimeout(done, SETTLE_LIMIT_MS);
    function check() {
      if (!busy()) done();
    }
    function done() {
      clearTimeout(timer);
      stopQueries();
      stopMutations();
      resolve();
    }
  });
}
