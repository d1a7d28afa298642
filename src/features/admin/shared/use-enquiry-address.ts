import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { limits } from '@/config/site';
import { useSearchParamsWriter } from '@/lib/use-search-params-writer';

/** `?poll=<ms>` shortens the check for changes (the e2e tests use it); never below the floor. */
export function pollInterval(value: string | null): number {
  const ms = Number(value);
  return value && Number.isFinite(ms) ? Math.max(limits.adminMinPollMs, ms) : limits.adminPollMs;
}

/**
 * What a staff page showing enquiries keeps in its address: `?enquiry=<id>` is the open dialog
 * (a link to it opens it, closing it removes the parameter) and `?poll=<ms>` the polling interval.
 */
export function useEnquiryAddress() {
  const [searchParams] = useSearchParams();
  const writeParams = useSearchParamsWriter();
  const setEnquiry = useCallback(
    (id: string | null) =>
      writeParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('enquiry');
          else next.set('enquiry', id);
          return next;
        },
        { replace: id === null, preventScrollReset: true },
      ),
    [writeParams],
  );
  return {
    enquiryId: searchParams.get('enquiry'),
    setEnquiry,
    pollIntervalMs: pollInterval(searchParams.get('poll')),
  };
}
