import type { RowMarks, RowSelection } from '@/features/admin/list/enquiries-table';
import { EnquiryDue } from '@/features/admin/list/enquiry-due';
import type { Enquiry, ListedEnquiry } from '@/features/admin/list/list-enquiries';
import { UnreadMark } from '@/features/admin/list/unread-mark';
import {
  BLANK,
  blankable,
  displayInterest,
  formatDateTime,
} from '@/features/admin/shared/enquiry-format';
import { EnquiryStatusBadge } from '@/features/admin/shared/enquiry-status-badge';
import { HeldBadge } from '@/features/admin/shared/held-badge';
import { MailProblemBadge } from '@/features/admin/shared/mail-problem';

type CardsProps = {
  rows: readonly ListedEnquiry[];
  onView: (enquiry: Enquiry) => void;
  busy: boolean;
  selection: RowSelection;
  marks: RowMarks;
};

/**
 * Below tablet width: one card per enquiry instead of the table, nothing wider than the screen.
 * The whole card is one button that opens the enquiry; its checkbox sits above that button
 * (a sibling, not nested in it), so ticking for a bulk action never opens the dialog.
 */
export function EnquiryCards({ rows, onView, busy, selection, marks }: CardsProps) {
  return (
    <ul
      aria-label="Enquiries"
      aria-busy={busy || undefined}
      className={`space-y-3 ${busy ? 'opacity-60' : ''}`}
    >
      {rows.map((row) => (
        <EnquiryCard
          key={row.id}
          row={row}
          onView={onView}
          checked={selection.selected.has(row.id)}
          onSelect={selection.onSelect}
          marks={marks}
        />
      ))}
    </ul>
  );
}

type CardProps = {
  row: ListedEnquiry;
  onView: (enquiry: Enquiry) => void;
  checked: boolean;
  onSelect: RowSelection['onSelect'];
  marks: RowMarks;
};

function EnquiryCard({ row, onView, checked, onSelect, marks }: CardProps) {
  // Blank fields are left out here: "N/A" is the desktop table's word.
  const name = blankable(row.Name);
  const company = blankable(row.Company);
  const interest = row.Interest ? displayInterest(row.Interest) : '';
  const unread = marks.isUnread(row.id);
  return (
    <li
      data-enquiry-id={row.id}
      className={`relative min-w-0 rounded-xl border p-4 text-sm ${checked ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <button
        type="button"
        onClick={() => onView(row)}
        aria-label={name ? `Open enquiry from ${name}` : 'Open enquiry with no name given'}
        className="absolute inset-0 rounded-xl hover:bg-slate-500/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <div className="flex items-start gap-3">
        {/* The label widens the checkbox's tap target past the box itself. */}
        <label className="relative z-10 -m-2 flex p-2">
          <input
            type="checkbox"
            aria-label={name ? `Select enquiry from ${name}` : 'Select enquiry with no name given'}
            checked={checked}
            onChange={(event) => onSelect(row.id, event.target.checked)}
            className="size-6 accent-brand-700"
          />
        </label>
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className={`[overflow-wrap:anywhere] text-ink ${unread ? 'font-bold' : 'font-semibold'}`}
            >
              {name || BLANK}
            </span>
            {unread ? <UnreadMark /> : null}
          </p>
          {company ? <p className="[overflow-wrap:anywhere] text-ink-soft">{company}</p> : null}
          <p className="flex flex-wrap items-center gap-2">
            <EnquiryStatusBadge status={row.status} />
            {row.held_at ? <HeldBadge /> : null}
            <MailProblemBadge problem={row.mail_problem} />
            <EnquiryDue row={row} now={marks.now} />
          </p>
          <p className="text-ink-muted">
            {interest ? (
              <>
                {interest}
                <span aria-hidden="true"> · </span>
              </>
            ) : null}
            <span className="sr-only">{interest ? ', received ' : 'Received '}</span>
            <time dateTime={row.created_at} className="whitespace-nowrap">
              {formatDateTime(row.created_at)}
            </time>
          </p>
        </div>
      </div>
    </li>
  );
}
