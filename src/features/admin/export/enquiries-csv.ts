import { getServiceInterestLabel, getTimelineLabel } from '@/content/contact-options';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { spreadsheetDateTime } from '@/features/admin/shared/enquiry-format';
import { statusLabel } from '@/features/admin/shared/enquiry-status';
import { downloadFile } from '@/lib/download-file';

/**
 * CSV export of enquiries: RFC 4180 (comma separated, CRLF line ends, fields with a comma,
 * quote, CR or LF wrapped in double quotes with quotes doubled), UTF-8 with a byte-order mark so
 * Excel reads accents correctly, and safe against formula injection.
 *
 * Excel, LibreOffice Calc and Google Sheets unquote a field first and then read a cell whose
 * first character is = + - or @ as a formula, so quoting alone protects nothing. Two guards:
 *
 * - A phone-shaped cell (a leading + and then only digits, spaces and ( ) . / -, at most 255
 *   characters) is written as a text literal, ="+44 20 7946 0000": all three evaluate it to
 *   exactly that text, and it holds no name, reference or operator outside the string, so
 *   nothing else can run. Without it the number imports as #NAME?/#NULL! or as arithmetic.
 * - Any other cell that starts with a tab, CR or NUL, or whose first visible character is
 *   = + - or @, gets a leading single quote (OWASP's advice). Some importers show the quote, but
 *   the cell can only ever be text. A text literal is not used here: Excel refuses string
 *   constants over 255 characters, and a literal would turn hostile text into a formula cell.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Importers that trim a cell read "  =cmd" or "\n=cmd" as a formula, so the test looks past
 * leading whitespace, control and invisible format characters (zero-width space, BOM).
 */
const FORMULA_START = /^[\t\r\0]|^[\s\p{Cc}\p{Cf}]*[=+\-@]/u;

/** A telephone number as people type it: no letter, quote, pipe or other formula syntax. */
const PHONE_SHAPED = /^\+[\d ()./-]*\d[\d ()./-]*$/;

/** Excel's longest string constant inside a formula. */
const MAX_TEXT_LITERAL = 255;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (PHONE_SHAPED.test(text) && text.length <= MAX_TEXT_LITERAL) text = `="${text}"`;
  else if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Timestamps are written "2026-11-28 14:05:00" in London time, the site's zone, as staff read
 * them on screen: Excel, LibreOffice and Google Sheets read that as a date and time (an ISO
 * string with "T" and an offset stays text). The headers say which clock.
 */
export const CSV_HEADER = [
  'Received (London time)',
  'Name',
  'Email',
  'Company',
  'Job Title',
  'Phone',
  'Service Interest',
  'Timeline',
  'Message',
  'Status',
  'Assignee',
  'Last Contact (London time)',
  'First Response (London time)',
  'Held (London time)',
  'Landing Page',
  'Referrer Host',
  'UTM Source',
  'UTM Medium',
  'UTM Campaign',
  'Notes',
  'ID',
] as const;

/** A staff account as `list_staff()` returns it (display_name is null until one is set). */
export type ExportStaff = { id: string; email: string; display_name: string | null };

/** A note as the export reads it from `enquiry_notes`. */
export type ExportNote = {
  submission_id: string;
  created_at: string;
  author_id: string | null;
  author_email: string | null;
  body: string;
};

/** What staff recorded beside the enquiries: the staff list and every note, in any order. */
export type ExportExtras = { staff: readonly ExportStaff[]; notes: readonly ExportNote[] };

/** "2026-11-03 14:05" in London time, as the timestamp columns write it, to the minute. */
function noteDate(timestamp: string): string {
  return spreadsheetDateTime(timestamp).slice(0, 16) || timestamp;
}

function staffName(staff: ExportStaff | undefined): string | undefined {
  if (!staff) return undefined;
  return staff.display_name?.trim() || staff.email;
}

/**
 * One cell per enquiry with all its notes, oldest first, one per line: "date, author: text".
 * The author is the staff member's display name, else the e-mail the note was written with.
 */
export function notesCell(
  notes: readonly ExportNote[],
  staffById: ReadonlyMap<string, ExportStaff>,
): string {
  return [...notes]
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .map((note) => {
      const author =
        staffName(note.author_id ? staffById.get(note.author_id) : undefined) ??
        note.author_email ??
        'former staff';
      return `${noteDate(note.created_at)}, ${author}: ${note.body}`;
    })
    .join('\n');
}

export function enquiriesToCsv(
  rows: readonly Enquiry[],
  extras: ExportExtras = { staff: [], notes: [] },
): string {
  const staffById = new Map(extras.staff.map((member) => [member.id, member]));
  const notesByEnquiry = new Map<string, ExportNote[]>();
  for (const note of extras.notes) {
    const list = notesByEnquiry.get(note.submission_id) ?? [];
    list.push(note);
    notesByEnquiry.set(note.submission_id, list);
  }
  return (
    CSV_BOM +
    toCsv([
      CSV_HEADER,
      ...rows.map((row) => [
        spreadsheetDateTime(row.created_at),
        row.Name,
        row.Email,
        row.Company,
        row.Job,
        row.Phone,
        getServiceInterestLabel(row.Interest),
        getTimelineLabel(row.Timeline),
        row.Message,
        statusLabel(row.status),
        // An assignee no longer on the staff list still shows, by id.
        row.assigned_to ? (staffName(staffById.get(row.assigned_to)) ?? row.assigned_to) : '',
        spreadsheetDateTime(row.last_contacted_at),
        spreadsheetDateTime(row.first_response_at),
        spreadsheetDateTime(row.held_at),
        row.landing_page,
        row.referrer_host,
        row.utm_source,
        row.utm_medium,
        row.utm_campaign,
        notesCell(notesByEnquiry.get(row.id) ?? [], staffById),
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
