import { notify } from '@/components/ui/toast/notify';
import { listAllSubmissions, type SubmissionFilters } from '@/features/admin/list-submissions';
import { reportLoadError } from '@/features/admin/report-load-error';
import { downloadCsv, exportFileName, submissionsToCsv } from '@/features/admin/submissions-csv';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * Records the export in the audit log through the database (admin entries are written only
 * there): the row count, the option filters and whether a search applied, never the search text.
 * Never throws: a refused record must not undo an export the admin already has.
 */
export async function recordExport(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  exported: number,
): Promise<void> {
  try {
    const { error } = await client.rpc('record_enquiry_export', {
      exported,
      status: filters.status || undefined,
      interest: filters.interest || undefined,
      timeline: filters.timeline || undefined,
      searched: filters.search.trim() !== '',
    });
    if (error) console.warn(`[audit] admin_export_submissions not stored: ${error.message}`);
  } catch (error) {
    console.warn('[audit] admin_export_submissions not stored:', error);
  }
}

/** Fetches every enquiry matching the filters, saves them as CSV and records the export. */
export async function exportSubmissions(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
): Promise<void> {
  try {
    const rows = await listAllSubmissions(client, filters);
    downloadCsv(exportFileName(new Date()), submissionsToCsv(rows));
    notify({
      title: 'Export ready',
      description: `${rows.length} ${rows.length === 1 ? 'enquiry' : 'enquiries'} exported to CSV.`,
      variant: 'success',
    });
    await recordExport(client, filters, rows.length);
  } catch (error) {
    reportLoadError(error);
  }
}
