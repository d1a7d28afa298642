import {
  ENQUIRY_STATUSES,
  isEnquiryStatus,
  type EnquiryStatus,
} from '@/features/admin/shared/enquiry-status';
import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type Enquiry = Tables<'contact_submissions'>;

/**
 * Longest search text kept (the address, the search box). The database cuts what it is sent to
 * the same length: the search rule is its own (private.enquiry_ids_matching).
 */
export const MAX_SEARCH_LENGTH = 100;

/** Whose enquiries the list shows: '' anyone's, 'none' unassigned, 'me' mine, or a staff id. */
export type AssigneeFilter = '' | 'none' | 'me' | (string & {});

export type EnquiryFilters = {
  /** The search as typed; the database decides what it matches. */
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
  /** Only enquiries with this assignee (absent or '': anyone's). */
  assignee?: AssigneeFilter;
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

export const noFilters: EnquiryFilters = {
  search: '',
  interest: '',
  timeline: '',
  status: '',
  held: false,
  unread: false,
  assignee: '',
};

/** Whether any filter narrows the list. */
export function hasFilters(filters: EnquiryFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.interest !== '' ||
    filters.timeline !== '' ||
    filters.status !== '' ||
    filters.held === true ||
    filters.unread === true ||
    Boolean(filters.assignee)
  );
}

/** How many enquiries match the filters in each status (the status filter itself aside). */
export type StatusCounts = Record<EnquiryStatus, number>;

/** A row of the list: the enquiry and whether the signed-in staff member has opened it. */
/** A list row: the enquiry, the caller's read mark, and whether mail to its address is blocked. */
export type ListedEnquiry = Enquiry & { read_by_me: boolean; mail_problem: string | null };

export type EnquiryPage = { rows: ListedEnquiry[]; total: number };

/** PostgREST's usual max-rows on hosted projects; export pages stay under it. */
export const EXPORT_BATCH_SIZE = 1000;

export class EnquiriesQueryError extends Error {
  constructor(readonly postgrestError: { message: string; code?: string }) {
    super(postgrestError.message);
    this.name = 'EnquiriesQueryError';
  }
}

/** The column of the enquiry_list view each sort key orders by. */
const sortColumns = {
  received: 'created_at',
  name: 'name_key',
  company: 'company_key',
  status: 'status_rank',
  last_contact: 'last_contacted_at',
} as const;

/** Matches no assignee: "mine" for a client without a session. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The signed-in staff member's id, from the session supabase-js holds. */
async function signedInUserId(client: AppSupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session?.user.id ?? NOBODY;
}

function listQuery(client: AppSupabaseClient) {
  return client.from('enquiry_list').select('*', { count: 'exact' });
}

/**
 * The filtered, sorted query for rows `from`..`to` (inclusive), with the exact total. It reads
 * the enquiry_list view: contact_submissions with the caller's read mark (read_by_me) and
 * lower-case and workflow-order sort keys. With a search it reads search_enquiry_list(_search)
 * instead, the view's rows the database finds for the text as typed, and filters, sorts and
 * pages them alike; without one the view's own indexes serve the page.
 */
async function filteredRange(
  client: AppSupabaseClient,
  filters: EnquiryFilters,
  sort: ListSort,
  from: number,
  to: number,
) {
  // The function returns rows of the view, so its result takes the view's filters and order.
  let query =
    filters.search.trim() === ''
      ? listQuery(client)
      : (client.rpc(
          'search_enquiry_list',
          { _search: filters.search },
          { count: 'exact' },
        ) as unknown as ReturnType<typeof listQuery>);
  if (filters.interest) query = query.eq('Interest', filters.interest);
  if (filters.timeline) query = query.eq('Timeline', filters.timeline);
  query = filters.status ? query.eq('status', filters.status) : query.neq('status', 'spam');
  if (filters.held) query = query.not('held_at', 'is', null);
  if (filters.unread) query = query.eq('read_by_me', false);
  if (filters.assignee === 'none') query = query.is('assigned_to', null);
  else if (filters.assignee) {
    const id = filters.assignee === 'me' ? await signedInUserId(client) : filters.assignee;
    query = query.eq('assigned_to', id);
  }
  // Enquiries never contacted come last whichever way the dates run; id breaks ties, so pages
  // never overlap or skip rows.
  return query
    .order(sortColumns[sort.key], { ascending: sort.direction === 'asc', nullsFirst: false })
    .order('id', { ascending: true })
    .range(from, to)
    .overrideTypes<ListedEnquiry[], { merge: false }>();
}

/** One page of enquiries (RLS returns rows only to admins). Throws EnquiriesQueryError. */
export async function listEnquiries(
  client: AppSupabaseClient,
  filters: EnquiryFilters,
  sort: ListSort,
  page: number,
  pageSize: number,
): Promise<EnquiryPage> {
  const from = page * pageSize;
  const { data, error, count } = await filteredRange(
    client,
    filters,
    sort,
    from,
    from + pageSize - 1,
  );
  if (error) throw new EnquiriesQueryError(error);
  return { rows: data ?? [], total: count ?? data?.length ?? 0 };
}

/**
 * Every enquiry matching the filters in the list's order, fetched in batches (for the CSV
 * export, so the file runs in the order staff see on screen).
 */
export async function listAllEnquiries(
  client: AppSupabaseClient,
  filters: EnquiryFilters,
  sort: ListSort,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<Enquiry[]> {
  const rows: Enquiry[] = [];
  for (let from = 0; ; from += batchSize) {
    const { data, error, count } = await filteredRange(
      client,
      filters,
      sort,
      from,
      from + batchSize - 1,
    );
    if (error) throw new EnquiriesQueryError(error);
    rows.push(...(data ?? []));
    const total = count ?? 0;
    if (!data || data.length < batchSize || rows.length >= total) return rows;
  }
}

/** One status's figures for the list's search, interest, timeline and assignee. */
export type StatusFigures = { total: number; held: number; unread: number; held_unread: number };

export type EnquiryCounts = {
  /** One count per status (spam included) under the other filters. */
  statusCounts: StatusCounts;
  /** Held enquiries in the chosen status ('' : every status but spam), unread ones if asked. */
  heldCount: number;
  /** Enquiries the caller has not opened in the chosen status, held ones if asked. */
  unreadCount: number;
};

/** The filters enquiry_list_counts takes; the others pick from its figures. */
export type CountedFilters = Pick<EnquiryFilters, 'search' | 'interest' | 'timeline' | 'assignee'>;

/**
 * The figures per status for the search, interest, timeline and assignee, from one database
 * query (enquiry_list_counts, which knows "me" as the caller); the status, held and unread
 * filters are applied by summariseCounts.
 */
export async function countEnquiryFigures(
  client: AppSupabaseClient,
  { search, interest, timeline, assignee = '' }: CountedFilters,
): Promise<Record<EnquiryStatus, StatusFigures>> {
  const { data, error } = await client.rpc('enquiry_list_counts', {
    _search: search,
    _interest: interest,
    _timeline: timeline,
    _assignee: assignee,
  });
  if (error) throw new EnquiriesQueryError(error);
  const none: StatusFigures = { total: 0, held: 0, unread: 0, held_unread: 0 };
  const figures = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, none])) as Record<
    EnquiryStatus,
    StatusFigures
  >;
  for (const row of data ?? []) {
    if (isEnquiryStatus(row.status)) figures[row.status] = row;
  }
  return figures;
}

/** The counts the filters show, from the per-status figures and the held and unread filters. */
export function summariseCounts(
  figures: Record<EnquiryStatus, StatusFigures>,
  { status, held = false, unread = false }: Pick<EnquiryFilters, 'status' | 'held' | 'unread'>,
): EnquiryCounts {
  const inStatus = ENQUIRY_STATUSES.filter((each) => (status ? each === status : each !== 'spam'));
  const sum = (pick: (one: StatusFigures) => number) =>
    inStatus.reduce((total, each) => total + pick(figures[each]), 0);
  const count = (one: StatusFigures) =>
    held ? (unread ? one.held_unread : one.held) : unread ? one.unread : one.total;
  return {
    statusCounts: Object.fromEntries(
      ENQUIRY_STATUSES.map((each) => [each, count(figures[each])]),
    ) as StatusCounts,
    heldCount: sum((one) => (unread ? one.held_unread : one.held)),
    unreadCount: sum((one) => (held ? one.held_unread : one.unread)),
  };
}
