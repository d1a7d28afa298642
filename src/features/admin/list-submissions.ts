import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';
import { buildSearchFilter } from '@/features/admin/submission-search';

export type Submission = Tables<'contact_submissions'>;

export type SubmissionFilters = {
  search: string;
  /** A service interest option value, or '' for all. */
  interest: string;
  /** A timeline option value, or '' for all. */
  timeline: string;
};

export const noFilters: SubmissionFilters = { search: '', interest: '', timeline: '' };

export type SubmissionPage = { rows: Submission[]; total: number };

/** PostgREST's usual max-rows on hosted projects; export pages stay under it. */
export const EXPORT_BATCH_SIZE = 1000;

export class SubmissionsQueryError extends Error {
  constructor(readonly postgrestError: { message: string; code?: string }) {
    super(postgrestError.message);
    this.name = 'SubmissionsQueryError';
  }
}

/** The filtered, newest-first query for rows `from`..`to` (inclusive), with the exact total. */
function filteredRange(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  from: number,
  to: number,
) {
  let query = client.from('contact_submissions').select('*', { count: 'exact' });
  const search = buildSearchFilter(filters.search);
  if (search) query = query.or(search);
  if (filters.interest) query = query.eq('Interest', filters.interest);
  if (filters.timeline) query = query.eq('Timeline', filters.timeline);
  // id breaks ties between equal timestamps, so pages never overlap or skip rows.
  return query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, to);
}

/** One page of enquiries (RLS returns rows only to admins). Throws SubmissionsQueryError. */
export async function listSubmissions(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  page: number,
  pageSize: number,
): Promise<SubmissionPage> {
  const from = page * pageSize;
  const { data, error, count } = await filteredRange(client, filters, from, from + pageSize - 1);
  if (error) throw new SubmissionsQueryError(error);
  return { rows: data ?? [], total: count ?? data?.length ?? 0 };
}

/** Every enquiry matching the filters, fetched in batches (for the CSV export). */
export async function listAllSubmissions(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<Submission[]> {
  const rows: Submission[] = [];
  for (let from = 0; ; from += batchSize) {
    const { data, error, count } = await filteredRange(client, filters, from, from + batchSize - 1);
    if (error) throw new SubmissionsQueryError(error);
    rows.push(...(data ?? []));
    const total = count ?? 0;
    if (!data || data.length < batchSize || rows.length >= total) return rows;
  }
}
