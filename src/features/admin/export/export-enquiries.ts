import { notify } from '@/components/ui/toast/notify';
import {
  downloadCsv,
  enquiriesToCsv,
  exportFileName,
  type ExportNote,
  type ExportStaff,
} from '@/features/admin/export/enquiries-csv';
import {
  EnquiriesQueryError,
  listAllEnquiries,
  type Enquiry,
  type EnquiryFilters,
  type ListSort,
} from '@/features/admin/list/list-enquiries';
import { reportLoadError } from '@/features/admin/shared/report-load-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * Enquiry ids per notes request. A filter of N ids costs about 37 × N characters of URL, and
 * gateways refuse request lines of some kilobytes, so a large export asks in slices.
 */
export const NOTES_IDS_PER_REQUEST = 100;
/** PostgREST's usual max-rows on hosted projects; a slice with more notes is read in pages. */
export const NOTES_PAGE_SIZE = 1000;

/**
 * Every note of the given enquiries, oldest first: one request per slice of enquiries (one for
 * an export of up to NOTES_IDS_PER_REQUEST), never one per enquiry.
 */
export async function listNotesForExport(
  client: AppSupabaseClient,
  enquiryIds: readonly string[],
): Promise<ExportNote[]> {
  const notes: ExportNote[] = [];
  for (let start = 0; start < enquiryIds.length; start += NOTES_IDS_PER_REQUEST) {
    const ids = enquiryIds.slice(start, start + NOTES_IDS_PER_REQUEST);
    for (let from = 0; ; from += NOTES_PAGE_SIZE) {
      const { data, error } = await client
        .from('enquiry_notes')
        .select('submission_id, created_at, author_id, author_email, body')
        .in('submission_id', ids)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .range(from, from + NOTES_PAGE_SIZE - 1);
      if (error) throw new EnquiriesQueryError(error);
      notes.push(...(data ?? []));
      if (!data || data.length < NOTES_PAGE_SIZE) break;
    }
  }
  return notes;
}

/** The staff accounts with their names, to name assignees and note authors. */
export async function listStaffForExport(client: AppSupabaseClient): Promise<ExportStaff[]> {
  const { data, error } = await client.rpc('list_staff');
  if (error) throw new EnquiriesQueryError(error);
  return data ?? [];
}

/** The CSV of the given enquiries with their assignees' names and all their notes. */
export async function buildExportCsv(
  client: AppSupabaseClient,
  rows: readonly Enquiry[],
): Promise<string> {
  const [staff, notes] = await Promise.all([
    listStaffForExport(client),
    listNotesForExport(
      client,
      rows.map((row) => row.id),
    ),
  ]);
  return enquiriesToCsv(rows, { staff, notes });
}

/**
 * Records the export in the audit log through the database (admin entries are written only
 * there): the row count, the option filters and whether a search applied, never the search text.
 * Never throws: a refused record must not undo an export the admin already has.
 */
export async function recordExport(
  client: AppSupabaseClient,
  filters: EnquiryFilters,
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

/**
 * Fetches every enquiry matching the filters, in the list's sort, with their notes and the staff
 * names, saves them as CSV and records the export. A failed read of any part stops the export with its message,
 * so a file never silently lacks notes or names.
 */
export async function exportEnquiries(
  client: AppSupabaseClient,
  filters: EnquiryFilters,
  sort: ListSort,
): Promise<void> {
  try {
    const rows = await listAllEnquiries(client, filters, sort);
    downloadCsv(exportFileName(new Date()), await buildExportCsv(client, rows));
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
