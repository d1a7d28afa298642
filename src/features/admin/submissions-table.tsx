import { EnquiryStatusBadge } from '@/features/admin/enquiry-status-badge';
import { HeldBadge } from '@/features/admin/held-badge';
import type { Submission } from '@/features/admin/list-submissions';
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
import { mailtoHref } from '@/lib/mailto';

const headers = [
  'Date',
  'Status',
  'Name',
  'Email',
  'Company',
  'Service Interest',
  'Timeline',
  'Message',
];

const cell = 'px-4 py-3 align-top';
/** The first column stays put while the rest scroll sideways on a phone. */
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

type TableProps = {
  rows: readonly Submission[];
  onView: (submission: Submission) => void;
  busy: boolean;
  selection: RowSelection;
};

const checkboxClass = 'size-4 shrink-0 accent-brand-700';

/**
 * The enquiries table; scrolls sideways on small screens with the date column (and each row's
 * checkbox) pinned. The header's checkbox selects every row on the page.
 */
export function SubmissionsTable({ rows, onView, busy, selection }: TableProps) {
  const ticked = rows.filter((row) => selection.selected.has(row.id)).length;
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200"
      role="region"
      aria-label="Submissions table"
      // A scrollable region must be focusable so keyboard users can scroll it (axe:
      // scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table
        aria-busy={busy || undefined}
        className={`w-full min-w-[62rem] border-collapse text-left text-sm ${busy ? 'opacity-60' : ''}`}
      >
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          <tr>
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={`${cell} whitespace-nowrap ${index === 0 ? stickyHeaderCell : ''}`}
              >
                {index === 0 ? (
                  <span className="flex items-center gap-3">
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
                    {header}
                  </span>
                ) : (
                  header
                )}
              </th>
            ))}
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
};

function SubmissionRow({ row, onView, checked, onSelect }: RowProps) {
  const message = displayMessage(row.Message);
  const email = displayValue(row.Email);
  return (
    <tr className={`group hover:bg-slate-50 ${checked ? 'bg-brand-50' : ''}`}>
      <td className={`${cell} ${checked ? stickySelectedCell : stickyBodyCell} whitespace-nowrap`}>
        <span className="flex items-start gap-3">
          <input
            type="checkbox"
            aria-label={`Select enquiry from ${displayValue(row.Name)}`}
            checked={checked}
            onChange={(event) => onSelect(row.id, event.target.checked)}
            className={`${checkboxClass} mt-0.5`}
          />
          <time dateTime={row.created_at} title={formatDateTime(row.created_at)}>
            {formatDate(row.created_at)}
            <span className="block text-xs text-ink-muted">{formatTime(row.created_at)}</span>
          </time>
        </span>
      </td>
      <td className={cell}>
        <span className="flex flex-col items-start gap-1">
          <EnquiryStatusBadge status={row.status} />
          {row.held_at ? <HeldBadge /> : null}
        </span>
      </td>
      <td className={`${cell} min-w-[9rem] font-medium text-ink`}>{displayValue(row.Name)}</td>
      <td className={`${cell} min-w-[13rem] [overflow-wrap:anywhere]`}>
        {row.Email ? (
          <a
            href={mailtoHref(row.Email)}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {email}
          </a>
        ) : (
          email
        )}
      </td>
      <td className={`${cell} min-w-[10rem]`}>{displayValue(row.Company)}</td>
      <td className={`${cell} min-w-[8rem]`}>{displayInterest(row.Interest)}</td>
      <td className={`${cell} whitespace-nowrap`}>{displayTimeline(row.Timeline)}</td>
      <td className={`${cell} min-w-[16rem]`}>
        <span title={message} className="text-ink-soft">
          {truncate(message)}
        </span>{' '}
        <button
          type="button"
          onClick={() => onView(row)}
          aria-label={`View full enquiry from ${displayValue(row.Name)}`}
          className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          View
        </button>
      </td>
    </tr>
  );
}
