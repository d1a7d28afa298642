import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import {
  countEnquiryFigures,
  listEnquiries,
  summariseCounts,
  type CountedFilters,
  type EnquiryFilters,
  type EnquiryPage,
  type ListSort,
  type StatusCounts,
} from '@/features/admin/list/list-enquiries';
import type { ListView } from '@/features/admin/list/list-params';
import { figuresQuery } from '@/features/admin/overview/overview-queries';
import { adminKeys, FRESH_MS, useReportErrors } from '@/features/admin/shared/admin-queries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

export function enquiriesQuery(
  client: AppSupabaseClient,
  filters: EnquiryFilters,
  sort: ListSort,
  page: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: adminKeys.page(filters, sort, page, pageSize),
    queryFn: () => listEnquiries(client, filters, sort, page, pageSize),
    staleTime: FRESH_MS,
  });
}

function countsQuery(
  client: AppSupabaseClient,
  { search, interest, timeline, assignee = '' }: CountedFilters,
) {
  return queryOptions({
    queryKey: adminKeys.counts(search, interest, timeline, assignee),
    queryFn: () => countEnquiryFigures(client, { search, interest, timeline, assignee }),
    staleTime: FRESH_MS,
  });
}

/**
 * Starts the dashboard's main requests (the list as the address asks for it, its counts and the
 * overview's figures) into the cache the dashboard reads, as soon as an aal2 session is known:
 * alongside the role check instead of after it. The small ones (staff names, parked mail) wait
 * for the dashboard: a browser opens at most six connections to one HTTP/1.1 host, and the role
 * check must not queue behind them. Failures stay in the cache unreported; the dashboard, if it
 * is shown, asks again and reports its own.
 */
export function prefetchDashboard(
  queryClient: QueryClient,
  client: AppSupabaseClient,
  { filters, sort, page }: ListView,
  pageSize: number,
): void {
  void queryClient.prefetchQuery(enquiriesQuery(client, filters, sort, page, pageSize));
  void queryClient.prefetchQuery(figuresQuery(client, queryClient));
  void queryClient.prefetchQuery(countsQuery(client, filters));
}

export type EnquiriesState = {
  /** The latest page loaded (kept on screen while the next one loads); null before the first. */
  data: EnquiryPage | null;
  loading: boolean;
};

/**
 * One page of enquiries for the filters in the given order, polled every `pollMs` while the tab
 * is visible. The previous page stays on screen while the next one loads; a poll reloads in
 * place, not dimmed.
 */
export function useEnquiries(
  filters: EnquiryFilters,
  sort: ListSort,
  page: number,
  pageSize: number,
  pollMs: number,
): EnquiriesState {
  const client = useSupabaseClient();
  const query = useQuery({
    ...enquiriesQuery(client, filters, sort, page, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs > 0 ? pollMs : false,
  });
  useReportErrors(query.error, query.errorUpdatedAt);
  return { data: query.data ?? null, loading: query.isPending || query.isPlaceholderData };
}

export type EnquiryCountsState = {
  /** One count per status (spam included) for the other filters. */
  statusCounts: StatusCounts | null;
  heldCount: number | null;
  unreadCount: number | null;
};

/**
 * Counts per status, the held count and the unread count for the other filters; each null until
 * loaded or on failure. "All" in the status filter is the sum without spam.
 */
export function useEnquiryCounts(
  { search, interest, timeline, assignee, status, held, unread }: EnquiryFilters,
  pollMs: number,
): EnquiryCountsState {
  const client = useSupabaseClient();
  // One request for the search, interest, timeline and assignee; the status, held and unread
  // filters pick from its figures, so changing them asks for nothing. The table reports a failed
  // load; the filters then show no counts.
  const figures = useQuery({
    ...countsQuery(client, { search, interest, timeline, assignee }),
    refetchInterval: pollMs > 0 ? pollMs : false,
  });
  if (figures.isError || !figures.data) {
    return { statusCounts: null, heldCount: null, unreadCount: null };
  }
  return summariseCounts(figures.data, { status, held, unread });
}
