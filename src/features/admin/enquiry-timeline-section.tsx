import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { adminKeys } from '@/features/admin/admin-queries';
import {
  describeTimelineEvent,
  loadEnquiryTimeline,
  type TimelineEvent,
} from '@/features/admin/enquiry-timeline';
import { reportLoadError } from '@/features/admin/report-load-error';
import { formatDateTime } from '@/features/admin/submission-format';
import type { AppSupabaseClient } from '@/lib/supabase';

type Props = { client: AppSupabaseClient; enquiryId: string };

function detailsOf(event: TimelineEvent): Record<string, unknown> {
  const { details } = event;
  return details && typeof details === 'object' && !Array.isArray(details) ? details : {};
}

/** What a line adds to its label: who acted, and why a mail was held or failed. */
function contextOf(event: TimelineEvent): string {
  const details = detailsOf(event);
  const parts: string[] = [];
  if (event.event === 'received' && details.held === true) parts.push('held as a flood suspect');
  if (event.event === 'contact_recorded') {
    parts.push(details.channel === 'phone' ? 'call' : 'replied from own mailbox');
  }
  const author = typeof details.author_name === 'string' ? details.author_name : null;
  if (author || event.actor) parts.push(`by ${author ?? event.actor}`);
  for (const key of ['skip_reason', 'last_error'] as const) {
    if (typeof details[key] === 'string') parts.push(details[key].replace(/_/g, ' '));
  }
  return parts.join(' · ');
}

/** Everything that happened to the enquiry, oldest first, as one list. */
export function EnquiryTimelineSection({ client, enquiryId }: Props) {
  const query = useQuery({
    queryKey: adminKeys.timeline(enquiryId),
    queryFn: () => loadEnquiryTimeline(client, enquiryId),
  });
  const { error } = query;
  useEffect(() => {
    if (error) reportLoadError(error);
  }, [error]);
  const events = query.data;

  return (
    <section aria-labelledby="enquiry-timeline-heading" className="space-y-3">
      <h3 id="enquiry-timeline-heading" className="text-base font-bold text-ink">
        Timeline
      </h3>
      {query.isError ? (
        <p className="text-sm text-ink-muted">The timeline could not be loaded.</p>
      ) : events === undefined ? (
        <p className="text-sm text-ink-muted">Loading the timeline…</p>
      ) : (
        <ol aria-label="Timeline, oldest first" className="space-y-2 border-l-2 border-slate-200">
          {events.map((event, index) => {
            const context = contextOf(event);
            return (
              <li key={`${event.occurred_at}-${event.event}-${index}`} className="pl-3">
                <time dateTime={event.occurred_at} className="block text-xs text-ink-muted">
                  {formatDateTime(event.occurred_at)}
                </time>
                <span className="font-semibold text-ink">{describeTimelineEvent(event.event)}</span>
                {context ? (
                  <span className="text-sm break-words text-ink-muted"> · {context}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
