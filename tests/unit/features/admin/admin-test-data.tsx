import { QueryClientProvider, useIsFetching, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect } from 'vitest';

import { AdminDashboard } from '@/features/admin/list/admin-dashboard';
import { limits } from '@/config/site';
import { prefetchDashboard } from '@/features/admin/list/list-queries';
import {
  AdminQueryProvider,
  createAdminQueryClient,
} from '@/features/admin/shared/admin-query-provider';
import { readListView } from '@/features/admin/list/list-params';
import type { EnquiryOverview } from '@/features/admin/overview/enquiry-overview';
import type { Enquiry, ListedEnquiry } from '@/features/admin/list/list-enquiries';
import type { ResponseOverview, SourceRow } from '@/features/admin/overview/response-overview';
import type { AppSupabaseClient } from '@/lib/supabase';
import { SupabaseClientContext } from '@/lib/supabase-client-context';

import {
  filterOn,
  type PostgrestHandler,
  type PostgrestRequest,
  useSupabaseNetwork,
} from '../../support/supabase-network';

/**
 * Staff-area UI as the admin pages render it: with the session's supabase-js client, in a router
 * at `url`, and in a fresh staff query cache (or `queryClient` when given).
 */
export function renderAdmin(
  ui: ReactElement,
  client: AppSupabaseClient,
  { url = '/admin', queryClient }: { url?: string; queryClient?: QueryClient } = {},
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SupabaseClientContext value={client}>
        {queryClient ? (
          <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
        ) : (
          <AdminQueryProvider>{ui}</AdminQueryProvider>
        )}
      </SupabaseClientContext>
    </MemoryRouter>,
  );
}

export function enquiry(n: number, overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: new Date(Date.UTC(2025, 2, 1, 10) - n * 3_600_000).toISOString(),
    Name: `Person ${n}`,
    Email: `person${n}@example.com`,
    Company: `Company ${n}`,
    Job: null,
    Phone: null,
    Interest: 'data-strategy',
    Timeline: 'immediate',
    Message: `Message number ${n} for the team.`,
    status: 'new',
    assigned_to: null,
    last_contacted_at: null,
    held_at: null,
    first_response_at: null,
    landing_page: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    booking_key: null,
    ...overrides,
  };
}

/** The enquiry as a list row: not read, and mail reaching its address, unless said. */
export function listed(n: number, overrides: Partial<ListedEnquiry> = {}): ListedEnquiry {
  return { ...enquiry(n), read_by_me: false, mail_problem: null, ...overrides };
}

export function overviewOf(overrides: Partial<EnquiryOverview> = {}): EnquiryOverview {
  return {
    this_week: 0,
    previous_week: 0,
    this_month: 0,
    previous_month: 0,
    open: 0,
    closed: 0,
    total: 0,
    arrived_since: 0,
    latest_created_at: null,
    by_status: {},
    weekly: [],
    ...overrides,
  };
}

const quietWeek = {
  week_start: '2026-11-23',
  received: 0,
  answered: 0,
  answered_within_promise: 0,
  median_first_response_seconds: null,
  share_within_promise: null,
};

/** What public.enquiry_dashboard_figures() returns: the overview, quiet reply figures, no sources. */
export function figuresOf(
  overview: EnquiryOverview = overviewOf(),
  extra: { response?: ResponseOverview; sources?: SourceRow[] } = {},
) {
  return {
    overview,
    response: extra.response ?? {
      promise_seconds: 86_400,
      awaiting_reply: 0,
      overdue: 0,
      this_week: quietWeek,
      last_week: quietWeek,
      weeks: [],
    },
    sources: extra.sources ?? [],
  };
}

/**
 * A contact_submissions (or enquiry_list) handler over `rows`, as PostgREST answers: filtered by
 * `status=eq.X` or `status=neq.X` (spam left out), `id=eq.X` and `held_at=not.is.null`, paged by
 * the request's offset and limit, with the total count (a HEAD gets only the count); it does not
 * search (the integration tests cover the real queries).
 */
export function rowsHandler(rows: () => Enquiry[]): PostgrestHandler {
  return (request: PostgrestRequest) => {
    const status = filterOn(request, 'status');
    const id = filterOn(request, 'id');
    const held = filterOn(request, 'held_at');
    const heldOnly = held?.op === 'not.is' && held.value === 'null';
    const matching = rows().filter(
      (row) =>
        (status?.op !== 'eq' || row.status === status.value) &&
        (status?.op !== 'neq' || row.status !== status.value) &&
        (id?.op !== 'eq' || row.id === id.value) &&
        (!heldOnly || row.held_at !== null),
    );
    const range = request.range;
    const page = range ? matching.slice(range.from, range.to + 1) : matching;
    return { data: page, count: matching.length };
  };
}

/** enquiry_list_counts over `rows`, read by nobody: one row per status present. */
export function countsHandler(rows: () => Enquiry[]): PostgrestHandler {
  return () => {
    const byStatus = new Map<string, { total: number; held: number }>();
    for (const row of rows()) {
      const figures = byStatus.get(row.status) ?? { total: 0, held: 0 };
      figures.total += 1;
      if (row.held_at !== null) figures.held += 1;
      byStatus.set(row.status, figures);
    }
    return {
      data: [...byStatus].map(([status, { total, held }]) => ({
        status,
        total,
        held,
        unread: total,
        held_unread: held,
      })),
    };
  };
}

type Setup = {
  rows?: (Enquiry | ListedEnquiry)[];
  tables?: Record<string, PostgrestHandler>;
  rpc?: Record<string, PostgrestHandler>;
  enquiryId?: string | null;
  pollIntervalMs?: number;
  /** The address the dashboard opens at (its list's filters and page live there). */
  url?: string;
  /** The signed-in staff member's id, as the client's session gives it. */
  userId?: string;
  /**
   * Start the dashboard's requests as the page does (prefetchDashboard) and mount the dashboard
   * only once they have all answered.
   */
  prefetched?: boolean;
};

/** The query caches of the dashboards rendered in this test, for settleDashboards. */
const openDashboards: QueryClient[] = [];

/**
 * Unmounts the dashboards of this test (stopping their polls) and waits until every request
 * they started has been answered, so none reaches the network after the test's handlers are
 * gone (where it would fail the next test as unanswered).
 */
export async function settleDashboards(): Promise<void> {
  const caches = openDashboards.splice(0);
  cleanup();
  await waitFor(() => {
    for (const cache of caches) expect(cache.isFetching() + cache.isMutating()).toBe(0);
  });
  for (const cache of caches) cache.clear();
}

/**
 * A fresh staff query cache that settleDashboards waits on: for a test that renders a part of a
 * staff page (renderAdmin's `queryClient`) in a file using useDashboardNetwork().
 */
export function settledAdminCache(): QueryClient {
  const queryClient = createAdminQueryClient();
  openDashboards.push(queryClient);
  return queryClient;
}

/**
 * useSupabaseNetwork() for a file that renders the dashboard: after each test, and before the
 * network forgets that test's handlers, it settles the dashboards (see settleDashboards). Call
 * it once at the file's top level instead of useSupabaseNetwork().
 */
export function useDashboardNetwork() {
  const network = useSupabaseNetwork();
  afterEach(settleDashboards);
  return network;
}

/**
 * The dashboard with a client `network` answers, keeping `?enquiry=` in state as the admin page
 * does. `lastListRequest()` is the last request for a page of the list (not a HEAD count).
 */
export function renderDashboard(network: ReturnType<typeof useSupabaseNetwork>, setup: Setup = {}) {
  const rows = setup.rows ?? [];
  const byId = setup.tables?.contact_submissions ?? rowsHandler(() => rows);
  const answered = network.answer({
    // The list reads the enquiry_list view, a dialog's enquiry the table; a test giving only a
    // contact_submissions handler answers both.
    // The enquiry dialog and the CSV export read notes and follow-ups, the dialog consultations
    // too: none unless given.
    tables: {
      contact_submissions: byId,
      enquiry_list: byId,
      enquiry_notes: () => ({ data: [] }),
      enquiry_follow_ups: () => ({ data: [] }),
      consultation_bookings: () => ({ data: [] }),
      ...setup.tables,
    },
    userId: setup.userId,
    rpc: {
      // A search reads search_enquiry_list with the view's filters; here it finds every row.
      search_enquiry_list: byId,
      enquiry_dashboard_figures: () => ({ data: figuresOf(overviewOf({ total: rows.length })) }),
      enquiry_list_counts: countsHandler(() => rows),
      mark_enquiry_read: () => ({ data: null }),
      list_staff: () => ({ data: [{ id: 'staff-1', email: 'ada@example.com' }] }),
      list_failed_enquiry_mail: () => ({ data: [] }),
      enquiry_timeline: () => ({ data: [] }),
      enquiry_mail_problem: () => ({ data: null }),
      related_enquiries: () => ({ data: [] }),
      upcoming_consultations: () => ({ data: [] }),
      // The CSV export records itself; the function returns nothing.
      record_enquiry_export: () => ({}),
      ...setup.rpc,
    },
  });
  const enquiryChanges: (string | null)[] = [];
  function Harness() {
    const [enquiryId, setEnquiryId] = useState<string | null>(setup.enquiryId ?? null);
    return (
      <AdminDashboard
        email="ada@example.com"
        role="admin"
        enquiryId={enquiryId}
        onEnquiryChange={(id) => {
          enquiryChanges.push(id);
          setEnquiryId(id);
        }}
        pollIntervalMs={setup.pollIntervalMs ?? 0}
      />
    );
  }
  const url = setup.url ?? '/admin';
  const queryClient = createAdminQueryClient();
  openDashboards.push(queryClient);
  if (setup.prefetched) {
    const view = readListView(new URLSearchParams(url.split('?')[1] ?? ''));
    prefetchDashboard(queryClient, answered.client, view, limits.adminPageSize);
  }
  function WhenPrefetched() {
    const fetching = useIsFetching();
    const [ready, setReady] = useState(!setup.prefetched);
    useEffect(() => {
      if (fetching === 0) setReady(true);
    }, [fetching]);
    return ready ? <Harness /> : null;
  }
  renderAdmin(<WhenPrefetched />, answered.client, { url, queryClient });
  function lastListRequest(): PostgrestRequest {
    const listRequests = answered.requests.filter(
      (request) =>
        !request.head &&
        ((request.kind === 'table' && request.name === 'enquiry_list') ||
          (request.kind === 'rpc' && request.name === 'search_enquiry_list')),
    );
    const last = listRequests.at(-1);
    if (!last) throw new Error('No request for a page of the list was sent');
    return last;
  }
  return {
    client: answered.client,
    requests: answered.requests,
    enquiryChanges,
    rows,
    lastListRequest,
  };
}
