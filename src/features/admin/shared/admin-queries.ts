import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type {
  Enquiry,
  EnquiryFilters,
  EnquiryPage,
  ListSort,
} from '@/features/admin/list/list-enquiries';
import { getEnquiry, listStaff } from '@/features/admin/record/enquiry-workflow';
import { reportLoadError } from '@/features/admin/shared/report-load-error';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

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
  /** Whether mail to the enquiry's address is blocked (bounced or marked as spam). */
  mailProblem: (id: string) => ['admin', 'enquiries', 'mail-problem', id] as const,
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
export function useReportErrors(error: unknown, errorUpdatedAt: number, when = true): void {
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

/** The staff list: the assignee names of the list, the dialog's Assigned-to list and notes. */
export function staffQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: adminKeys.staff,
    queryFn: () => listStaff(client),
    staleTime: FRESH_MS,
  });
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
export function useEnquiry(id: string | null, initial: Enquiry | undefined): EnquiryState {
  const client = useSupabaseClient();
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
