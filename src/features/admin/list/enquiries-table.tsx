import { EnquiryDue } from '@/features/admin/list/enquiry-due';
import type { Enquiry, ListedEnquiry, ListSort } from '@/features/admin/list/list-enquiries';
import { SortHeader } from '@/features/admin/list/sort-header';
import { UnreadMark } from '@/features/admin/list/unread-mark';
import {
  displayInterest,
  displayMessage,
  displayTimeline,
  displayValue,
  formatDate,
  formatDateTime,
  truncate,
} from '@/features/admin/shared/enquiry-format';
import { EnquiryStatusBadge } from '@/features/admin/shared/enquiry-status-badge';
import { HeldBadge } from '@/features/admin/shared/held-badge';
import { MailProblemBadge } from '@/features/admin/shared/mail-problem';
import { mailtoHref } from '@/lib/mailto';

/** One line per row: every cell keeps to one line and cuts what does not fit with an ellipsis. */
const cell = 'px-1.5 py-2 align-middle';
/** A cell's text on one line, cut with an ellipsis; the whole value is its title. */
const oneLine = 'block truncate';
/** The first column stays put while the rest scroll sideways on a narrow screen. */
const sticky = 'sticky left-0 z-10 shadow-[1px_0_0_#e2e8f0]';
const stickyBodyCell = `${sticky} bg-white group-hover:bg-slate-50`;
/** A ticked row's pinned cell keeps the row's tint when the others scroll under it. */
const stickySelectedCell = `${sticky} bg-brand-50`;
const stickyHeaderCell = `${sticky} bg-slate-50`;

/**
 * The columns' widths (the table lays out by them, not by its content, so one long address
 * cannot widen its column): they add up to what fits from 1366 px with the message taking the
 * rest, wide enough to read a phrase.
 */
const columns = [
  'w-32', // select and Date
  'w-44', // Name (and the unread mark)
  'w-[9.5rem]', // Email
  'w-[6.5rem]', // Company
  'w-36', // Status
  'w-[6.5rem]', // Service Interest
  'w-[5.5rem]', // Timeline
  'w-24', // Assigned to
  'w-[5.75rem]', // Last contact
  '', // Message: the rest, at least 10rem
];

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
  rows: readonly ListedEnquiry[];
  onView: (enquiry: Enquiry) => void;
  busy: boolean;
  selection: RowSelection;
  marks: RowMarks;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
};

/** 24 px, the smallest target staff should have to hit. */
const checkboxClass = 'size-6 shrink-0 accent-brand-700';
/** Headers may take two lines; the rows below them keep to one. */
const plainHeader = `${cell} font-semibold`;

/**
 * The enquiries table from tablet width up; it scrolls sideways inside its region when narrower
 * than its columns, with the received column (and each row's checkbox) pinned. The header's
 * checkbox selects every row on the page; five headers sort the list.
 */
export function EnquiriesTable({ rows, onView, busy, selection, marks, sort, onSort }: TableProps) {
  const ticked = rows.filter((row) => selection.selected.has(row.id)).length;
  const sortable = { sort, onSort, className: cell };
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
        className={`w-full min-w-[78rem] table-fixed border-collapse text-left text-[0.8125rem] ${busy ? 'opacity-60' : ''}`}
      >
        <colgroup>
          {columns.map((width, index) => (
            <col key={index} className={width} />
          ))}
        </colgroup>
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
            <th scope="col" className={plainHeader}>
              Service Interest
            </th>
            <th scope="col" className={plainHeader}>
              Timeline
            </th>
            <th scope="col" className={plainHeader}>
              Assigned to
            </th>
            <SortHeader sortKey="last_contact" {...sortable}>
              Last contact
            </SortHeader>
            <th scope="col" className={plainHeader}>
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <EnquiryRow
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
  row: ListedEnquiry;
  onView: (row: Enquiry) => void;
  checked: boolean;
  onSelect: RowSelection['onSelect'];
  marks: RowMarks;
};

function EnquiryRow({ row, onView, checked, onSelect, marks }: RowProps) {
  const name = displayValue(row.Name);
  const email = displayValue(row.Email);
  const company = displayValue(row.Company);
  const interest = displayInterest(row.Interest);
  const timeline = displayTimeline(row.Timeline);
  const assignee = marks.assignee(row.assigned_to);
  const message = displayMessage(row.Message);
  const unread = marks.isUnread(row.id);
  return (
    <tr
      data-enquiry-id={row.id}
      className={`group hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''} ${unread ? 'font-bold' : ''}`}
    >
      <td className={`${cell} ${checked ? stickySelectedCell : stickyBodyCell}`}>
        <span className="flex items-center gap-2 whitespace-nowrap">
          <input
            type="checkbox"
            aria-label={`Select enquiry from ${name}`}
            checked={checked}
            onChange={(event) => onSelect(row.id, event.target.checked)}
            className={checkboxClass}
          />
          {/* The day here, to keep the row on one line; the time is in its title and the dialog. */}
          <time dateTime={row.created_at} title={formatDateTime(row.created_at)}>
            {formatDate(row.created_at)}
          </time>
        </span>
      </td>
      <td className={cell}>
        <span className="flex min-w-0 items-center gap-1.5">
          <button
            type="button"
            onClick={() => onView(row)}
            aria-label={`View full enquiry from ${name}`}
            title={name}
            className="min-h-6 min-w-0 truncate text-left text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            {name}
          </button>
          {unread ? <UnreadMark compact /> : null}
        </span>
      </td>
      <td className={`${cell} font-normal`}>
        {row.Email ? (
          <a
            href={mailtoHref(row.Email)}
            title={email}
            className={`${oneLine} py-0.5 leading-5 text-brand-700 underline-offset-2 hover:underline`}
          >
            {email}
          </a>
        ) : (
          email
        )}
      </td>
      <td className={cell}>
        <span title={company} className={oneLine}>
          {company}
        </span>
      </td>
      <td className={cell}>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-normal">
          <EnquiryStatusBadge status={row.status} />
          {row.held_at ? <HeldBadge /> : null}
          <MailProblemBadge problem={row.mail_problem} />
          <EnquiryDue row={row} now={marks.now} />
        </span>
      </td>
      <td className={cell}>
        <span title={interest} className={oneLine}>
          {interest}
        </span>
      </td>
      <td className={cell}>
        <span title={timeline} className={oneLine}>
          {timeline}
        </span>
      </td>
      <td className={cell}>
        <span title={assignee} className={oneLine}>
          {assignee}
        </span>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {row.last_contacted_at ? (
          <time dateTime={row.last_contacted_at}>{formatDate(row.last_contacted_at)}</time>
        ) : (
          'N/A'
        )}
      </td>
      <td className={`${cell} font-normal`}>
        <span title={message} className={`${oneLine} text-ink-soft`}>
          {truncate(message)}
        </span>
      </td>
    </tr>
  );
}
