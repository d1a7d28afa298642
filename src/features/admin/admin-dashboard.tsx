import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { staffPageWidth } from '@/components/admin/staff-frame';
import { Badge } from '@/components/ui/badge';
import { limits } from '@/config/site';
import {
  invalidateEnquiries,
  staffQuery,
  useEnquiryCounts,
  useOverview,
  useSubmissions,
} from '@/features/admin/admin-queries';
import { EnquiryOverviewPanel } from '@/features/admin/enquiry-overview-panel';
import { exportSubmissions } from '@/features/admin/export-submissions';
import { FailedMailNotice } from '@/features/admin/failed-mail-notice';
import { useListView } from '@/features/admin/list-params';
import {
  hasFilters,
  type ListSort,
  type SubmissionFilters,
} from '@/features/admin/list-submissions';
import { SubmissionDialog } from '@/features/admin/submission-dialog';
import { SubmissionsBulkActions } from '@/features/admin/submissions-bulk-actions';
import { SubmissionsList } from '@/features/admin/submissions-list';
import { SubmissionsToolbar } from '@/features/admin/submissions-toolbar';
import { useRowMarks } from '@/features/admin/use-row-marks';
import { useRowSelection } from '@/features/admin/use-row-selection';
import type { AppSupabaseClient } from '@/lib/supabase';

type AdminDashboardProps = {
  client: AppSupabaseClient;
  email: string;
  role: string;
  /** The enquiry whose dialog is open (the page keeps it in `?enquiry=`), or null. */
  enquiryId: string | null;
  onEnquiryChange: (id: string | null) => void;
  pageSize?: number;
  /** How often to look for new enquiries while the tab is visible. */
  pollIntervalMs?: number;
};

/** /admin for a signed-in admin: header, overview, then the enquiries with filters and export. */
export function AdminDashboard({
  client,
  email,
  role,
  enquiryId,
  onEnquiryChange,
  pageSize = limits.adminPageSize,
  pollIntervalMs = limits.adminPollMs,
}: AdminDashboardProps) {
  const [{ filters, sort, page }, setView] = useListView();
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  const { overview, announcement } = useOverview(client, pollIntervalMs);
  const submissions = useSubmissions(client, filters, sort, page, pageSize, pollIntervalMs);
  const { statusCounts, heldCount, unreadCount } = useEnquiryCounts(
    client,
    filters,
    pollIntervalMs,
  );
  const staff = useQuery(staffQuery(client)).data;
  const rows = submissions.data?.rows ?? [];
  const { selection, selectedRows, clear } = useRowSelection(rows);
  const marks = useRowMarks(client, rows);

  const changeFilters = useCallback(
    (next: SubmissionFilters) => {
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

  async function handleExport() {
    setExporting(true);
    try {
      await exportSubmissions(client, filters, sort);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="bg-slate-50">
      {/* Tighter on a phone, where the enquiries should start as near the top as they can. */}
      <div className={`${staffPageWidth} space-y-4 py-5 sm:space-y-6 sm:py-12`}>
        <header className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">Admin Dashboard</h1>
            <p className="mt-1 break-all text-ink-muted">Welcome, {email}</p>
          </div>
          <Badge className="self-start bg-brand-100 text-brand-800 capitalize sm:self-center">
            {role}
          </Badge>
        </header>
        <FailedMailNotice client={client} />
        <EnquiryOverviewPanel overview={overview} client={client} pollMs={pollIntervalMs} />

        <section
          aria-labelledby="submissions-heading"
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:space-y-5 sm:p-6 lg:p-5"
        >
          <div>
            <h2 id="submissions-heading" className="text-xl font-bold text-ink">
              Contact Submissions
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              Manage and review customer contact form submissions
            </p>
            {/* Kept in the layout while empty, so an arrival never moves the table. */}
            <p role="status" className="mt-1 min-h-5 text-sm font-semibold text-brand-800">
              {announcement}
            </p>
          </div>
          <SubmissionsToolbar
            filters={filters}
            onChange={changeFilters}
            sort={sort}
            onSort={changeSort}
            onExport={handleExport}
            exporting={exporting}
            canExport={(submissions.data?.total ?? 0) > 0}
            statusCounts={statusCounts}
            heldCount={heldCount}
            unreadCount={unreadCount}
            staff={staff}
          />
          <SubmissionsBulkActions
            client={client}
            selected={selectedRows}
            onClear={clear}
            onDone={() => {
              clear();
              void invalidateEnquiries(queryClient);
            }}
          />
          <SubmissionsList
            state={submissions}
            page={page}
            pageSize={pageSize}
            filtered={hasFilters(filters)}
            onPage={(next) => {
              setView({ filters, sort, page: next });
              clear();
            }}
            onView={(submission) => onEnquiryChange(submission.id)}
            selection={selection}
            marks={marks}
            sort={sort}
            onSort={changeSort}
          />
        </section>
      </div>
      <SubmissionDialog
        client={client}
        enquiryId={enquiryId}
        initial={submissions.data?.rows.find((row) => row.id === enquiryId)}
        onClose={() => onEnquiryChange(null)}
      />
    </div>
  );
}
