import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import {
  countEnquiryFigures,
  listEnquiries,
  summariseCounts,
  type CountedFilters,
  type Enquiry,
  type EnquiryFilters,
  type EnquiryPage,
  type ListSort,
  type StatusCounts,
} from '@/features/admin/list/list-enquiries';
import type { ListView } from '@/features/admin/list/list-params';
import {
  fetchDashboardFigures,
  type DashboardFigures,
  type EnquiryOverview,
} from '@/features/admin/overview/enquiry-overview';
import { listFailedMail } from '@/features/admin/overview/list-failed-mail';
import { markEnquiryRead } from '@/features/admin/record/enquiry-reads';
import { getEnquiry, listStaff } from '@/features/admin/record/enquiry-workflow';
import { formatTime } from '@/features/admin/shared/enquiry-format';
import { reportLoadError } from '@/features/admin/shared/report-load-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * Query keys of the enquiries area. Everything that reads enquiries sits under `enquiries`, so
 * one invalidation after a change reloads the list, the counts, the overview and open dialogs.
 */
export const adminKeys = {
  enquiries: ['admin', 'enquiries'] as const,
  /** Every page of the list; `page()` one of them. */
  pages: ['admin', 'enquiries', 'page'] as const,
  page: (filters: EnquiryFilters, sort: ListSort, page: number, size: number) =>
    ['admin', 'enquiries', 'page', filters, sort, page, size] as const,
  /** The list's counts; `countsAll` covers every search. */
  countsAll: ['admin', 'enquiries', 'counts'] as const,
  counts: (search: string, interest: string, timeline: string, assignee: string) =>
    ['admin', 'enquiries', 'counts', search, interest, timeline, assignee] as const,
  /** The overview's figures: counts, weeks, reply times and lead sources. */
  overview: ['admin', 'enquiries', 'overview'] as const,
  enquiry: (id: string) => ['admin', 'enquiries', 'one', id] as const,
  notes: (id: string) => ['admin', 'enquiries', 'notes', id] as const,
  timeline: (id: string) => ['admin', 'enquiries', 'timeline', id] as const,
  followUps: (id: string) => ['admin', 'enquiries', 'follow-ups', id] as const,
  /** The other enquiries from the same address or company as this one. */
  related: (id: string) => ['admin', 'enquiries', 'related', id] as const,
  staff: ['admin', 'staff'] as const,
  failedMail: ['admin', 'failed-mail'] as const,
};

/**
 * Reloads every enquiry query on screen (and marks the rest stale) after a change, except the
 * one under `keep`, which the caller has just set from the database's own answer.
 */
export function invalidateEnquiries(
  queryClient: QueryClient,
  keep: readonly unknown[] = [],
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: adminKeys.enquiries,
    predicate: ({ queryKey }) =>
      keep.length === 0 || keep.some((part, index) => queryKey[index] !== part),
  });
}

/** Toasts each new failure of a query once (a failed poll toasts again, as a failed load did). */
function useReportErrors(error: unknown, errorUpdatedAt: number, when = true): void {
  useEffect(() => {
    if (error && when) reportLoadError(error);
    // errorUpdatedAt marks a new failure even when it carries an equal error.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);
}

/**
 * How long a loaded answer counts as fresh. Long enough that the dashboard, mounting just after
 * the requests started early (see prefetchDashboard) have answered, takes their answers instead
 * of asking again; polls and invalidations reload regardless.
 */
export const FRESH_MS = 10_000;

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

/** The staff list: the assignee names of the list, the dialog's Assigned-to list and notes. */
export function staffQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: adminKeys.staff,
    queryFn: () => listStaff(client),
    staleTime: FRESH_MS,
  });
}

export function failedMailQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: adminKeys.failedMail,
    queryFn: () => listFailedMail(client),
    staleTime: FRESH_MS,
  });
}

/** What the overview query holds: the figures and what the last arrivals announced. */
export type FiguresState = { figures: DashboardFigures; announcement: string };

export function arrivalMessage(count: number, at: string): string {
  const what = count === 1 ? '1 new enquiry' : `${count} new enquiries`;
  return `${what} arrived at ${formatTime(at)}.`;
}

/**
 * The overview's figures, one query for every hook that shows some of them. Each load asks how
 * many enquiries arrived after the newest one of the load before (read from the cache, so a load
 * started before the dashboard mounted counts as the first); arrivals after the first load are
 * announced.
 */
export function figuresQuery(client: AppSupabaseClient, queryClient: QueryClient) {
  return queryOptions({
    queryKey: adminKeys.overview,
    queryFn: async (): Promise<FiguresState> => {
      const last = queryClient.getQueryData<FiguresState>(adminKeys.overview);
      const newest = last?.figures.overview.latest_created_at ?? null;
      const figures = await fetchDashboardFigures(client, newest);
      const { overview } = figures;
      // With nothing seen yet the database counts no arrivals, but every enquiry now is new.
      const arrived = newest ? overview.arrived_since : last ? overview.total : 0;
      const announcement =
        arrived > 0 && overview.latest_created_at
          ? arrivalMessage(arrived, overview.latest_created_at)
          : (last?.announcement ?? '');
      return { figures, announcement };
    },
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
  client: AppSupabaseClient,
  filters: EnquiryFilters,
  sort: ListSort,
  page: number,
  pageSize: number,
  pollMs: number,
): EnquiriesState {
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
  client: AppSupabaseClient,
  { search, interest, timeline, assignee, status, held, unread }: EnquiryFilters,
  pollMs: number,
): EnquiryCountsState {
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

/**
 * Shows a changed read mark on every cached page of the list without reloading it (so an enquiry
 * just opened does not vanish from an unread-only list behind the dialog), and reloads the counts
 * (the unread count). The list itself follows at its next load.
 */
function showReadMark(queryClient: QueryClient, id: string, read: boolean): Promise<void> {
  queryClient.setQueriesData<EnquiryPage>({ queryKey: adminKeys.pages }, (page) =>
    page?.rows.some((row) => row.id === id)
      ? {
          ...page,
          rows: page.rows.map((row) => (row.id === id ? { ...row, read_by_me: read } : row)),
        }
      : page,
  );
  return queryClient.invalidateQueries({ queryKey: adminKeys.countsAll });
}

/**
 * Marks the enquiry read for the signed-in staff member once each time a dialog opens on it
 * (`id` is the loaded enquiry's, null while closed or loading), and shows the mark in the list. A
 * failed mark is only logged: it must not get in the way of reading the enquiry.
 */
export function useMarkReadOnOpen(client: AppSupabaseClient, id: string | null): void {
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (id === null || marked.current === id) return;
    marked.current = id;
    markEnquiryRead(client, id, true).then(
      () => showReadMark(queryClient, id, true),
      (error: unknown) => console.warn('[reads] enquiry not marked read:', error),
    );
  }, [client, id, queryClient]);
  useEffect(() => {
    if (id === null) marked.current = null;
  }, [id]);
}

/** Marks an enquiry not read by the signed-in staff member and shows it so in the list. */
export function useMarkUnread(client: AppSupabaseClient): (id: string) => Promise<void> {
  const queryClient = useQueryClient();
  return async (id) => {
    await markEnquiryRead(client, id, false);
    await showReadMark(queryClient, id, false);
  };
}

type OverviewState = { overview: EnquiryOverview | null; announcement: string };

/**
 * The overview's counts and weeks and the arrivals announcement, polled every `pollMs` while the
 * tab is visible. A failed poll keeps what is on screen; only a failed first load is reported.
 */
export function useOverview(client: AppSupabaseClient, pollMs: number): OverviewState {
  const query = useQuery({
    ...figuresQuery(client, useQueryClient()),
    refetchInterval: pollMs > 0 ? pollMs : false,
  });
  useReportErrors(query.error, query.errorUpdatedAt, query.data === undefined);
  return query.data
    ? { overview: query.data.figures.overview, announcement: query.data.announcement }
    : { overview: null, announcement: '' };
}

/**
 * One enquiry by id, as a dialog shows it. Kept until a change invalidates it: the dialog's own
 * changes put the database's answer in the cache.
 */
export function enquiryQuery(client: AppSupabaseClient, id: string) {
  return queryOptions({
    queryKey: adminKeys.enquiry(id),
    queryFn: () => getEnquiry(client, id),
    staleTime: Infinity,
  });
}

export type EnquiryState =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'loaded'; enquiry: Enquiry };

/**
 * The enquiry a dialog shows, by id: seeded from the row already on screen when there is one
 * (no request), else fetched (a deep link may name an enquiry on another page, or one that no
 * longer exists). Reloaded only when a change invalidates it.
 */
export function useEnquiry(
  client: AppSupabaseClient,
  id: string | null,
  initial: Enquiry | undefined,
): EnquiryState {
  const query = useQuery({
    ...enquiryQuery(client, id ?? ''),
    enabled: id !== null,
    initialData: initial?.id === id ? initial : undefined,
  });
  useReportErrors(query.error, query.errorUpdatedAt);
  if (id === null) return { kind: 'closed' };
  if (query.data) return { kind: 'loaded', enquiry: query.data };
  if (query.data === null) return { kind: 'missing' };
  return query.isError ? { kind: 'failed' } : { kind: 'loading' };
}

/**
 * Shows a change to an enquiry at once, before the database has answered: on the open enquiry
 * and on its row in every cached page of the list. The same call puts back the old value when
 * the database refuses.
 */
export function patchCachedEnquiry(
  queryClient: QueryClient,
  id: string,
  patch: Partial<Enquiry>,
): void {
  queryClient.setQueryData<Enquiry | null>(adminKeys.enquiry(id), (enquiry) =>
    enquiry ? { ...enquiry, ...patch } : enquiry,
  );
  queryClient.setQueriesData<EnquiryPage>({ queryKey: adminKeys.pages }, (page) =>
    page?.rows.some((row) => row.id === id)
      ? { ...page, rows: page.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }
      : page,
  );
}
