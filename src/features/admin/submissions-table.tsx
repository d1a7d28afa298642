import { EnquiryDue } from '@/features/admin/enquiry-due';
import { EnquiryStatusBadge } from '@/features/admin/enquiry-status-badge';
import { HeldBadge } from '@/features/admin/held-badge';
import type { ListSort, Submission } from '@/features/admin/list-submissions';
import { SortHeader } from '@/features/admin/sort-header';
import {
  displayInterest,
  displayMessage,
  displayTimeline,
  displayValue,
  formatDate,
  formatDateTime,
  formatTime,
  truncate,
} from '@/features/admin/submission-format';
import { UnreadMark } from '@/features/admin/unread-mark';
import { mailtoHref } from '@/lib/mailto';

const cell = 'px-2.5 py-3 align-top';
/** The first column stays put while the rest scroll sideways on a narrow screen. */
const sticky = 'sticky left-0 z-10 shadow-[1px_0_0_#e2e8f0]';
const stickyBodyCell = `${sticky} bg-white group-hover:bg-slate-50`;
/** A ticked row's pinned cell keeps the row's tint when the others scroll under it. */
const stickySelectedCell = `${sticky} bg-brand-50`;
const stickyHeaderCell = `${sticky} bg-slate-50`;

/** Which rows are ticked, and how ticking changes that. */
export type RowSelection = {
  selected: ReadonlySet<string>;
  onSelect: (id: string, checked: boolean) => void;
  onSelectAll: (checked: boolean) => void;
};

/** What the list shows beside each enquiry's own fields. */
export type RowMarks = {
  /** Whether the signed-in staff member has not opened it (false while that is unknown). */
  isUnread: (id: string) => boolean;
  /** The assignee's staff name, else address, else "Unassigned". */
  assignee: (id: string | null) => string;
  /** The clock for due times; null until the browser has read it. */
  now: Date | null;
};

type TableProps = {
  rows: readonly Submission[];
  onView: (submission: Submission) => void;
  busy: boolean;
  selection: RowSelection;
  marks: RowMarks;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
};

const checkboxClass = 'size-4 shrink-0 accent-brand-700';
const plainHeader = `${cell} whitespace-nowrap font-semibold`;
/** Two-word headers may take two lines, so the column is as narrow as what it holds. */
const wrappingHeader = `${cell} font-semibold`;

/**
 * The enquiries table from tablet width up; it scrolls sideways inside its region when narrower
 * than its columns, with the received column (and each row's checkbox) pinned. The header's
 * checkbox selects every row on the page; five headers sort the list.
 */
export function SubmissionsTable({
  rows,
  onView,
  busy,
  selection,
  marks,
  sort,
  onSort,
}: TableProps) {
  const ticked = rows.filter((row) => selection.selected.has(row.id)).length;
  const sortable = { sort, onSort, className: `${cell} whitespace-nowrap` };
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-slate-200"
      role="region"
      aria-label="Submissions table"
      // A scrollable region must be focusable so keyboard users can scroll it (axe:
      // scrollable-region-focusable). Positioned, so the screen-reader-only text in its cells is
      // clipped with them instead of widening the page.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table
        aria-busy={busy || undefined}
        className={`w-full min-w-[64rem] border-collapse text-left text-sm ${busy ? 'opacity-60' : ''}`}
      >
        <thead className="bg-slate-50 text-xs tracking-wide text-ink-muted uppercase">
          <tr>
            <SortHeader
              sortKey="received"
              {...sortable}
              className={`${sortable.className} ${stickyHeaderCell}`}
              before={
                <input
                  type="checkbox"
                  aria-label="Select all enquiries on this page"
                  checked={rows.length > 0 && ticked === rows.length}
                  ref={(box) => {
                    if (box) box.indeterminate = ticked > 0 && ticked < rows.length;
                  }}
                  onChange={(event) => selection.onSelectAll(event.target.checked)}
                  className={checkboxClass}
                />
              }
            >
              Date
            </SortHeader>
            <SortHeader sortKey="name" {...sortable}>
              Name
            </SortHeader>
            <th scope="col" className={plainHeader}>
              Email
            </th>
            <SortHeader sortKey="company" {...sortable}>
              Company
            </SortHeader>
            <SortHeader sortKey="status" {...sortable}>
              Status
            </SortHeader>
            <th scope="col" className={wrappingHeader}>
              Service Interest
            </th>
            <th scope="col" className={plainHeader}>
              Timeline
            </th>
            <th scope="col" className={wrappingHeader}>
              Assigned to
            </th>
            <SortHeader sortKey="last_contact" {...sortable} className={wrappingHeader}>
              Last contact
            </SortHeader>
            <th scope="col" className={plainHeader}>
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <SubmissionRow
              key={row.id}
              row={row}
              onView={onView}
              checked={selection.selected.has(row.id)}
              onSelect={selection.onSelect}
              marks={marks}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowProps = {
  row: Submission;
  onView: (row: Submission) => void;
  checked: boolean;
  onSelect: RowSelection['onSelect'];
  marks: RowMarks;
};

function SubmissionRow({ row, onView, checked, onSelect, marks }: RowProps) {
  const name = displayValue(row.Name);
  const email = displayValue(row.Email);
  const message = displayMessage(row.Message);
  const unread = marks.isUnread(row.id);
  return (
    <tr
      data-enquiry-id={row.id}
      className={`group hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''} ${unread ? 'font-bold' : ''}`}
    >
      <td className={`${cell} ${checked ? stickySelectedCell : stickyBodyCell} whitespace-nowrap`}>
        <span className="flex items-start gap-2">
          <input
            type="checkbox"
            aria-label={`Select enquiry from ${name}`}
            checked={checked}
            onChange={(event) => onSelect(row.id, event.target.checked)}
            className={`${checkboxClass} mt-0.5`}
          />
          <time dateTime={row.created_at} title={formatDateTime(row.created_at)}>
            {formatDate(row.created_at)}
            <span className="block text-xs font-normal text-ink-muted">
              {formatTime(row.created_at)}
            </span>
          </time>
        </span>
      </td>
      <td className={`${cell} min-w-[9rem]`}>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => onView(row)}
            aria-label={`View full enquiry from ${name}`}
            className="min-h-6 text-left [overflow-wrap:anywhere] text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            {name}
          </button>
          {unread ? <UnreadMark /> : null}
        </span>
      </td>
      <td className={`${cell} min-w-[9rem] font-normal [overflow-wrap:anywhere]`}>
        {row.Email ? (
          // 24 px tall, as is the name's button above it: small targets stacked closely are hard
          // to hit apart (axe: target-size).
          <a
            href={mailtoHref(row.Email)}
            className="inline-block py-1 text-brand-700 underline-offset-2 hover:underline"
          >
            {email}
          </a>
        ) : (
          email
        )}
      </td>
      <td className={`${cell} min-w-[7.5rem] [overflow-wrap:anywhere]`}>
        {displayValue(row.Company)}
      </td>
      <td className={cell}>
        <span className="flex flex-col items-start gap-1 font-normal">
          <EnquiryStatusBadge status={row.status} />
          {row.held_at ? <HeldBadge /> : null}
          <EnquiryDue row={row} now={marks.now} />
        </span>
      </td>
      <td className={`${cell} min-w-[7rem]`}>{displayInterest(row.Interest)}</td>
      <td className={`${cell} whitespace-nowrap`}>{displayTimeline(row.Timeline)}</td>
      <td className={`${cell} min-w-[7rem] [overflow-wrap:anywhere]`}>
        {marks.assignee(row.assigned_to)}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {row.last_contacted_at ? (
          <time dateTime={row.last_contacted_at}>{formatDate(row.last_contacted_at)}</time>
        ) : (
          'N/A'
        )}
      </td>
      <td className={`${cell} min-w-[9rem] font-normal`}>
        <span title={message} className="text-ink-soft">
          {truncate(message)}
        </span>
      </td>
    </tr>
  );
}
