import { notify } from '@/components/ui/toast/notify';
import { listAllSubmissions, type SubmissionFilters } from '@/features/admin/list-submissions';
import { downloadCsv, exportFileName, submissionsToCsv } from '@/features/admin/submissions-csv';
import { reportLoadError } from '@/features/admin/use-submissions';
import { logAuditEvent } from '@/lib/audit-log';
import type { AppSupabaseClient } from '@/lib/supabase';

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
    await logAuditEvent(client, {
      action: 'admin_export_submissions',
      resource: 'contact_submissions',
      details: { count: rows.length, ...filters },
    });
  } catch (error) {
    reportLoadError(error);
  }
}
