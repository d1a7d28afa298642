import type { ReactNode } from 'react';

import {
  describeDue,
  type EnquiryNeedingReply,
} from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import {
  formatFollowUpDay,
  londonToday,
  type FollowUpDue,
} from '@/features/admin/record/enquiry-follow-up';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import {
  BLANK,
  blankable,
  displayValue,
  formatDateTime,
  truncate,
} from '@/features/admin/shared/enquiry-format';
import { EnquiryStatusBadge } from '@/features/admin/shared/enquiry-status-badge';
import { asMailProblem, mailProblemSentence } from '@/features/admin/shared/mail-problem';

/** The assignee by staff name when one is set, else by address; "Unassigned" when nobody. */
export function assigneeName(
  enquiry: Pick<EnquiryNeedingReply, 'assigned_to' | 'assignee_email'>,
  staff: readonly StaffMember[],
): string {
  if (!enquiry.assigned_to) return 'Unassigned';
  const member = staff.find((candidate) => candidate.id === enquiry.assigned_to);
  return (
    member?.display_name?.trim() ||
    member?.email ||
    enquiry.assignee_email ||
    'A former staff member'
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="shrink-0 text-ink-muted">{label}:</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

type ItemProps = {
  enquiry: EnquiryNeedingReply;
  staff: readonly StaffMember[];
  /** The clock to the minute; null while prerendering, when no time left is shown. */
  now: Date | null;
  onOpen: (id: string) => void;
};

/** One enquiry owed a reply: who, the time left or how late, and a button to open it. */
export function NeedsReplyItem({ enquiry, staff, now, onOpen }: ItemProps) {
  const overdue = now ? Date.parse(enquiry.due_at) <= now.getTime() : enquiry.overdue;
  return (
    <li
      data-enquiry-id={enquiry.id}
      className={`rounded-xl border bg-white p-4 shadow-sm ${
        overdue ? 'border-l-4 border-red-300 border-l-red-700' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words text-ink">
          <button
            type="button"
            onClick={() => onOpen(enquiry.id)}
            className="min-h-11 text-left text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {blankable(enquiry.name) || 'No name given'}
          </button>
        </h3>
        {overdue ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-800">
            Overdue
          </span>
        ) : null}
      </div>
      <p className={`mt-1 text-sm font-semibold ${overdue ? 'text-red-800' : 'text-ink'}`} data-due>
        {now ? describeDue(enquiry.due_at, now) : `Due ${formatDateTime(enquiry.due_at)}`}
      </p>
      {enquiry.answered_at ? (
        <p className="mt-1 text-sm text-ink" data-answered>
          They answered by e-mail on{' '}
          <time dateTime={enquiry.answered_at}>{formatDateTime(enquiry.answered_at)}</time>
        </p>
      ) : null}
      <MailProblemLine problem={enquiry.mail_problem} />
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        <Detail label="Company">{blankable(enquiry.company) || BLANK}</Detail>
        <Detail label="Status">
          <EnquiryStatusBadge status={enquiry.status} />
        </Detail>
        <Detail label="Assigned to">{assigneeName(enquiry, staff)}</Detail>
        <Detail label="Received">
          <time dateTime={enquiry.created_at}>{formatDateTime(enquiry.created_at)}</time>
        </Detail>
      </dl>
    </li>
  );
}

/** "Our e-mail to this address bounced: phone them." when no mail reaches the enquirer. */
function MailProblemLine({ problem }: { problem: string | null }) {
  const known = asMailProblem(problem);
  if (!known) return null;
  return (
    <p className="mt-1 text-sm font-semibold text-red-800" data-mail-problem>
      {mailProblemSentence[known]}
    </p>
  );
}

/** enquiries_needing_reply() returns at most this many, the oldest due first. */
export const NEEDS_REPLY_LIMIT = 500;

type ListProps = Omit<ItemProps, 'enquiry'> & { rows: readonly EnquiryNeedingReply[] | null };

/** Every enquiry owed a reply (its first, or one to their answer by mail), oldest due first, as cards. */
export function NeedsReplyList({ rows, ...rest }: ListProps) {
  if (rows === null)
    return <p className="text-ink-muted">Loading the enquiries awaiting a reply…</p>;
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-ink">
        Nothing is waiting: every enquiry has had its reply.
      </p>
    );
  }
  return (
    <>
      {rows.length >= NEEDS_REPLY_LIMIT ? (
        <p className="text-sm text-ink-muted">
          Showing the {NEEDS_REPLY_LIMIT} due soonest; the rest follow as these are answered.
        </p>
      ) : null}
      <ul aria-label="Enquiries awaiting a reply" className="space-y-3">
        {rows.map((enquiry) => (
          <NeedsReplyItem key={enquiry.id} enquiry={enquiry} {...rest} />
        ))}
      </ul>
    </>
  );
}

/** "Due today" or "Due since 02 Dec 2026", as of `now` (London's day). */
export function describeFollowUpDue(dueOn: string, now: Date): string {
  return dueOn >= londonToday(now) ? 'Due today' : `Due since ${formatFollowUpDay(dueOn)}`;
}

type FollowUpItemProps = {
  followUp: FollowUpDue;
  staff: readonly StaffMember[];
  now: Date | null;
  onOpen: (id: string) => void;
};

/** One follow-up whose day has come: whom, since when, the note, and a button to open it. */
export function FollowUpDueItem({ followUp, staff, now, onOpen }: FollowUpItemProps) {
  return (
    <li
      data-follow-up-id={followUp.id}
      data-enquiry-id={followUp.submission_id}
      className="rounded-xl border border-l-4 border-amber-300 border-l-amber-700 bg-white p-4 shadow-sm"
    >
      <h3 className="min-w-0 text-base font-semibold break-words text-ink">
        <button
          type="button"
          onClick={() => onOpen(followUp.submission_id)}
          className="min-h-11 text-left text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {displayValue(followUp.name)}
        </button>
      </h3>
      <p className="mt-1 text-sm font-semibold text-amber-900">
        {now ? (
          describeFollowUpDue(followUp.due_on, now)
        ) : (
          <>Follow up on {formatFollowUpDay(followUp.due_on)}</>
        )}
      </p>
      {followUp.note ? (
        <p className="mt-1 text-sm break-words text-ink">{truncate(followUp.note, 160)}</p>
      ) : null}
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        <Detail label="Company">{displayValue(followUp.company)}</Detail>
        <Detail label="Status">
          <EnquiryStatusBadge status={followUp.status} />
        </Detail>
        <Detail label="Assigned to">{assigneeName(followUp, staff)}</Detail>
        <Detail label="Follow up on">
          <time dateTime={followUp.due_on}>{formatFollowUpDay(followUp.due_on)}</time>
        </Detail>
      </dl>
    </li>
  );
}

type FollowUpListProps = Omit<FollowUpItemProps, 'followUp'> & {
  rows: readonly FollowUpDue[] | null;
  failed: boolean;
};

/**
 * The follow-ups due today or earlier, oldest first, as a section of the page; nothing at all
 * while loading or when none is due, so the replies owed stay at the top.
 */
export function FollowUpsDueList({ rows, failed, ...rest }: FollowUpListProps) {
  if (!failed && (rows === null || rows.length === 0)) return null;
  return (
    <section aria-labelledby="follow-ups-due-heading" className="space-y-3">
      <h2 id="follow-ups-due-heading" className="text-lg font-bold text-ink">
        Follow-ups due
      </h2>
      {failed || rows === null ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          The follow-ups due could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <ul aria-label="Follow-ups due" className="space-y-3">
          {rows.map((followUp) => (
            <FollowUpDueItem key={followUp.id} followUp={followUp} {...rest} />
          ))}
        </ul>
      )}
    </section>
  );
}
