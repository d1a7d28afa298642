import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { describeDue } from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import { replyDueAt } from '@/features/admin/shared/enquiry-first-response';
import { formatDateTime } from '@/features/admin/shared/enquiry-format';

type DueFields = Pick<Enquiry, 'status' | 'held_at' | 'first_response_at' | 'created_at'>;

/** Whether the enquiry still owes its first reply: open, not held, none recorded yet. */
export function owesFirstReply(row: DueFields): boolean {
  return (
    (row.status === 'new' || row.status === 'in_progress') &&
    row.held_at === null &&
    row.first_response_at === null
  );
}

/**
 * "Due in 3 h" or "Overdue by 2 h" for an enquiry still owed its first reply; overdue is said in
 * words and shown in red. Nothing while the clock is unknown or no reply is owed.
 */
export function EnquiryDue({ row, now }: { row: DueFields; now: Date | null }) {
  if (now === null || !owesFirstReply(row)) return null;
  const due = replyDueAt(row.created_at);
  const overdue = Date.parse(due) < now.getTime();
  return (
    <time
      dateTime={due}
      title={`Reply due ${formatDateTime(due)}`}
      className={`block text-xs whitespace-nowrap ${overdue ? 'font-semibold text-red-700' : 'text-ink-muted'}`}
    >
      {describeDue(due, now)}
    </time>
  );
}
