import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { limits } from '@/config/site';
import { EnquiriesBulkActions } from '@/features/admin/bulk/enquiries-bulk-actions';
import { exportEnquiries } from '@/features/admin/export/export-enquiries';
import { EnquiriesList, TABLE_QUERY } from '@/features/admin/list/enquiries-list';
import { EnquiriesToolbar } from '@/features/admin/list/enquiries-toolbar';
import {
  hasFilters,
  type EnquiryFilters,
  type ListSort,
} from '@/features/admin/list/list-enquiries';
import { useListView } from '@/features/admin/list/list-params';
import { useEnquiries, useEnquiryCounts } from '@/features/admin/list/list-queries';
import { useRowMarks } from '@/features/admin/list/use-row-marks';
import { useRowSelection } from '@/features/admin/list/use-row-selection';
import {
  EnquiryOverviewPanel,
  OverviewCharts,
} from '@/features/admin/overview/enquiry-overview-panel';
import { FailedMailNotice } from '@/features/admin/overview/failed-mail-notice';
import { useOverview } from '@/features/admin/overview/overview-queries';
import { EnquiryDialog } from '@/features/admin/record/enquiry-dialog';
import { useListNeighbours } from '@/features/admin/record/enquiry-neighbours';
import { EnquiryNeighboursNav } from '@/features/admin/record/enquiry-neighbours-nav';
import { invalidateEnquiries, staffQuery } from '@/features/admin/shared/admin-queries';
import { staffPageWidth } from '@/features/staff-frame/staff-frame';
import { useSupabaseClient } from '@/lib/supabase-client-context';
import { useMediaQuery } from '@/lib/use-media-query';

type AdminDashboardProps = {
  email: string;
  role: string;
  /** The enquiry whose dialog is open (the page keeps it in `?enquiry=`), or null. */
  enquiryId: string | null;
  onEnquiryChange: (id: string | null) => void;
  pageSize?: number;
  /** How often to look for new enquiries while the tab is visible. */
  pollIntervalMs?: number;
};

/**
 * "Alex Lead (alex@example.com)" when the signed-in address has a staff name on the staff list,
 * else the address alone (also while the list loads).
 */
export function greetingName(
  email: string,
  staff: readonly { email: string; display_name?: string | null }[] | undefined,
): string {
  const name = staff
    ?.find((member) => member.email.toLowerCase() === email.toLowerCase())
    ?.display_name?.trim();
  return name ? `${name} (${email})` : email;
}

/**
 * /admin for a signed-in admin: a short header and the six figures, then the enquiries with
 * filters and export, so the list starts on the first screen; the charts and lead sources follow
 * the list.
 */
export function AdminDashboard({
  email,
  role,
  enquiryId,
  onEnquiryChange,
  pageSize = limits.adminPageSize,
  pollIntervalMs = limits.adminPollMs,
}: AdminDashboardProps) {
  const client = useSupabaseClient();
  const [{ filters, sort, page }, setView] = useListView();
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  const { overview, announcement } = useOverview(pollIntervalMs);
  const enquiries = useEnquiries(filters, sort, page, pageSize, pollIntervalMs);
  const { statusCounts, heldCount, unreadCount } = useEnquiryCounts(filters, pollIntervalMs);
  const staff = useQuery(staffQuery(client)).data;
  const rows = enquiries.data?.rows ?? [];
  const { selection, selectedRows, clear } = useRowSelection(rows);
  const marks = useRowMarks(rows);
  const wide = useMediaQuery(TABLE_QUERY, true);
  const neighbours = useListNeighbours({
    enquiryId,
    view: { filters, sort, page },
    pageSize,
    state: enquiries,
    onOpen: onEnquiryChange,
    onPage: (next) => {
      setView({ filters, sort, page: next });
      clear();
    },
  });

  const changeFilters = useCallback(
    (next: EnquiryFilters) => {
      setView({ filters: next, sort, page: 0 });
      clear();
    },
    [clear, setView, sort],
  );

  // A new order starts again at the first page.
  const changeSort = useCallback(
    (next: ListSort) => {
      setView({ filters, sort: next, page: 0 });
      clear();
    },
    [clear, setView, filters],
  );

  const bulkBar = (
    <EnquiriesBulkActions
      selected={selectedRows}
      view={filters.status === 'spam' ? 'spam' : 'workflow'}
      onClear={clear}
      onDone={() => {
        clear();
        void invalidateEnquiries(queryClient);
      }}
    />
  );

  async function handleExport() {
    setExporting(true);
    try {
      await exportEnquiries(client, filters, sort);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="bg-slate-50">
      {/* Tight spacing: the enquiries should start as near the top as they can. */}
      <div className={`${staffPageWidth} space-y-3 py-3 sm:space-y-4 sm:py-4`}>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-xl font-bold text-ink sm:text-2xl">Admin Dashboard</h1>
          <Badge className="bg-brand-100 text-brand-800 capitalize">{role}</Badge>
          <p className="min-w-0 basis-full text-sm [overflow-wrap:anywhere] text-ink-muted sm:ml-auto sm:basis-auto">
            Welcome, {greetingName(email, staff)}
          </p>
        </header>
        <FailedMailNotice />
        <EnquiryOverviewPanel overview={overview} pollMs={pollIntervalMs} />

        <section
          aria-labelledby="submissions-heading"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
        >
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h2 id="submissions-heading" className="text-lg font-bold text-ink sm:text-xl">
              Contact Submissions
            </h2>
            <p className="text-sm text-ink-muted">
              Manage and review customer contact form submissions
            </p>
            {/* Kept in the layout while empty, so an arrival never moves the table. */}
            <p
              role="status"
              className="min-h-5 basis-full text-sm font-semibold text-brand-800 lg:ml-auto lg:basis-auto"
            >
              {announcement}
            </p>
          </div>
          <EnquiriesToolbar
            filters={filters}
            onChange={changeFilters}
            sort={sort}
            onSort={changeSort}
            onExport={handleExport}
            exporting={exporting}
            canExport={(enquiries.data?.total ?? 0) > 0}
            statusCounts={statusCounts}
            heldCount={heldCount}
            unreadCount={unreadCount}
            staff={staff}
          />
          {wide ? bulkBar : null}
          <EnquiriesList
            state={enquiries}
            page={page}
            pageSize={pageSize}
            filtered={hasFilters(filters)}
            onPage={(next) => {
              setView({ filters, sort, page: next });
              clear();
            }}
            onView={(enquiry) => onEnquiryChange(enquiry.id)}
            selection={selection}
            marks={marks}
            sort={sort}
            onSort={changeSort}
          />
          {/* On a phone the bar follows the cards, so it can stick to the bottom of the screen. */}
          {wide ? null : bulkBar}
        </section>
        <OverviewCharts overview={overview} pollMs={pollIntervalMs} />
      </div>
      <EnquiryDialog
        enquiryId={enquiryId}
        initial={enquiries.data?.rows.find((row) => row.id === enquiryId)}
        onClose={() => onEnquiryChange(null)}
        onOpenEnquiry={onEnquiryChange}
        navigation={<EnquiryNeighboursNav neighbours={neighbours} />}
      />
    </div>
  );
}
