import { useSyncExternalStore } from 'react';

import { limits } from '@/config/site';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { describeDue } from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import { formatDateTime } from '@/features/admin/shared/enquiry-format';

const OPEN = new Set(['new', 'in_progress']);

/** When the enquiry is owed its first reply: the promise counted from arrival. */
export function replyDueAt(createdAt: string): string {
  return new Date(Date.parse(createdAt) + limits.enquiryReplyHours * 3_600_000).toISOString();
}

function subscribeToMinutes(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
}

/** The clock to the minute, from the browser only (null when prerendered), ticking each minute. */
export function useMinuteClock(): Date | null {
  const minute = useSyncExternalStore(
    subscribeToMinutes,
    () => Math.floor(Date.now() / 60_000),
    () => null,
  );
  return minute === null ? null : new Date(minute * 60_000);
}

/**
 * "First response: <date>" once the database has stamped it; otherwise when the reply is due,
 * with "Overdue by …" in words as well as in red. Held and closed enquiries are owed nothing.
 */
export function EnquiryFirstResponse({ enquiry }: { enquiry: Enquiry }) {
  const now = useMinuteClock();
  if (enquiry.first_response_at) {
    return (
      <span>
        First response:{' '}
        <time dateTime={enquiry.first_response_at}>
          {formatDateTime(enquiry.first_response_at)}
        </time>
      </span>
    );
  }
  if (enquiry.held_at)
    return <span>No response yet — held, so no reply is due until released</span>;
  if (!OPEN.has(enquiry.status)) return <span>No response recorded</span>;
  const due = replyDueAt(enquiry.created_at);
  const overdue = now !== null && Date.parse(due) < now.getTime();
  return (
    <span className={overdue ? 'font-semibold text-red-700' : undefined}>
      No response yet — due <time dateTime={due}>{formatDateTime(due)}</time>
      {now ? ` (${describeDue(due, now)})` : null}
    </span>
  );
}
