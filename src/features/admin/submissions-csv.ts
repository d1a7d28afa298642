import { getServiceInterestLabel, getTimelineLabel } from '@/content/contact-options';
import type { Submission } from '@/features/admin/list-submissions';
import { downloadFile } from '@/lib/download-file';

/**
 * CSV export of enquiries: RFC 4180 (comma separated, CRLF line ends, fields with a comma,
 * quote, CR or LF wrapped in double quotes with quotes doubled), UTF-8 with a byte-order mark so
 * Excel reads accents correctly, and safe against formula injection (OWASP advice): a cell that
 * starts with a tab, CR or NUL, or whose first visible character is = + - or @, gets a leading
 * single quote so spreadsheets show it as text.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Importers that trim a cell read "  =cmd" or "\n=cmd" as a formula, so the test looks past
 * leading whitespace, control and invisible format characters (zero-width space, BOM).
 */
const FORMULA_START = /^[\t\r\0]|^[\s\p{Cc}\p{Cf}]*[=+\-@]/u;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const CSV_HEADER = [
  'Submitted (UTC)',
  'Name',
  'Email',
  'Company',
  'Job Title',
  'Phone',
  'Service Interest',
  'Timeline',
  'Message',
  'ID',
] as const;

export function submissionsToCsv(rows: readonly Submission[]): string {
  return (
    CSV_BOM +
    toCsv([
      CSV_HEADER,
      ...rows.map((row) => [
        row.created_at,
        row.Name,
        row.Email,
        row.Company,
        row.Job,
        row.Phone,
        getServiceInterestLabel(row.Interest),
        getTimelineLabel(row.Timeline),
        row.Message,
        row.id,
      ]),
    ])
  );
}

/** "contact-submissions-2025-03-01.csv" (the date the file was made). */
export function exportFileName(now: Date): string {
  return `contact-submissions-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves text as a UTF-8 CSV download in the browser. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, csv, 'text/csv;charset=utf-8');
}
