import { ENQUIRY_STATUSES, type EnquiryStatus } from '@/features/admin/enquiry-status';
import { buildSearchFilter } from '@/features/admin/submission-search';
import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type Submission = Tables<'contact_submissions'>;

export type SubmissionFilters = {
  search: string;
  /** A service interest option value, or '' for all. */
  interest: string;
  /** A timeline option value, or '' for all. */
  timeline: string;
  /** An enquiry status, or '' for every status except spam (spam is listed only on its own). */
  status: EnquiryStatus | '';
  /** Only enquiries held because they arrived past the hourly ceiling (absent: all). */
  held?: boolean;
  /** Only enquiries the signed-in staff member has not opened (absent: all). */
  unread?: boolean;
};

/** The columns the list can be sorted by. */
export type SortKey = 'received' | 'name' | 'company' | 'status' | 'last_contact';
export type SortDirection = 'asc' | 'desc';
export type ListSort = { key: SortKey; direction: SortDirection };

export const SORT_KEYS: readonly SortKey[] = [
  'received',
  'name',
  'company',
  'status',
  'last_contact',
];

/** Newest first, as the list has always opened. */
export const defaultSort: ListSort = { key: 'received', direction: 'desc' };

/** The direction a column sorts in when first chosen: newest first for dates, A to Z otherwise. */
export function defaultDirection(key: SortKey): SortDirection {
  return key === 'received' || key === 'last_contact' ? 'desc' : 'asc';
}

export const noFilters: SubmissionFilters = {
  search: '',
  interest: '',
  timeline: '',
  status: '',
  held: false,
  unread: false,
};

/** Whether any filter narrows the list. */
export function hasFilters(filters: SubmissionFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.interest !== '' ||
    filters.timeline !== '' ||
    filters.status !== '' ||
    filters.held === true ||
    filters.unread === true
  );
}

/** How many enquiries match the filters in each status (the status filter itself aside). */
export type StatusCounts = Record<EnquiryStatus, number>;

export type SubmissionPage = { rows: Submission[]; total: number };

/** PostgREST's usual max-rows on hosted projects; export pages stay under it. */
export const EXPORT_BATCH_SIZE = 1000;

export class SubmissionsQueryError extends Error {
  constructor(readonly postgrestError: { message: string; code?: string }) {
    super(postgrestError.message);
    this.name = 'SubmissionsQueryError';
  }
}

/** The search, interest, timeline, status and held filters on a contact_submissions query. */
function applyFilters<
  Query extends {
    or(filters: string): Query;
    eq(column: 'Interest' | 'Timeline' | 'status', value: string): Query;
    neq(column: 'status', value: string): Query;
    not(column: 'held_at', operator: 'is', value: null): Query;
  },
>(query: Query, filters: SubmissionFilters): Query {
  const search = buildSearchFilter(filters.search);
  let filtered = query;
  if (search) filtered = filtered.or(search);
  if (filters.interest) filtered = filtered.eq('Interest', filters.interest);
  if (filters.timeline) filtered = filtered.eq('Timeline', filters.timeline);
  filtered = filters.status
    ? filtered.eq('status', filters.status)
    : filtered.neq('status', 'spam');
  if (filters.held) filtered = filtered.not('held_at', 'is', null);
  return filtered;
}

/** The column each sort key orders by. */
const sortColumns = {
  received: 'created_at',
  name: 'Name',
  company: 'Company',
  status: 'status',
  last_contact: 'last_contacted_at',
} as const;

/** The filtered, sorted query for rows `from`..`to` (inclusive), with the exact total. */
function filteredRange(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  sort: ListSort,
  from: number,
  to: number,
) {
  const query = applyFilters(
    client.from('contact_submissions').select('*', { count: 'exact' }),
    filters,
  );
  // Enquiries never contacted come last whichever way the dates run; id breaks ties, so pages
  // never overlap or skip rows.
  return query
    .order(sortColumns[sort.key], { ascending: sort.direction === 'asc', nullsFirst: false })
    .order('id', { ascending: true })
    .range(from, to);
}

/** One page of enquiries (RLS returns rows only to admins). Throws SubmissionsQueryError. */
export async function listSubmissions(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  sort: ListSort,
  page: number,
  pageSize: number,
): Promise<SubmissionPage> {
  const from = page * pageSize;
  const { data, error, count } = await filteredRange(
    client,
    filters,
    sort,
    from,
    from + pageSize - 1,
  );
  if (error) throw new SubmissionsQueryError(error);
  return { rows: data ?? [], total: count ?? data?.length ?? 0 };
}

/** Every enquiry matching the filters, fetched in batches (for the CSV export). */
export async function listAllSubmissions(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  batchSize = EXPORT_BATCH_SIZE,
  sort: ListSort = defaultSort,
): Promise<Submission[]> {
  const rows: Submission[] = [];
  for (let from = 0; ; from += batchSize) {
    const { data, error, count } = await filteredRange(
      client,
      filters,
      sort,
      from,
      from + batchSize - 1,
    );
    if (error) throw new SubmissionsQueryError(error);
    rows.push(...(data ?? []));
    const total = count ?? 0;
    if (!data || data.length < batchSize || rows.length >= total) return rows;
  }
}

/** How many held enquiries match the other filters (one HEAD request). */
export async function countHeld(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
): Promise<number> {
  const { error, count } = await applyFilters(
    client.from('contact_submissions').select('id', { count: 'exact', head: true }),
    { ...filters, held: true },
  ).limit(1);
  if (error) throw new SubmissionsQueryError(error);
  return count ?? 0;
}

/** The count in each status for the other filters: one HEAD request per status, in parallel. */
export async function countByStatus(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
): Promise<StatusCounts> {
  const counts = await Promise.all(
    ENQUIRY_STATUSES.map(async (status) => {
      const { error, count } = await applyFilters(
        client.from('contact_submissions').select('id', { count: 'exact', head: true }),
        { ...filters, status },
      ).limit(1);
      if (error) throw new SubmissionsQueryError(error);
      return [status, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as StatusCounts;
}
