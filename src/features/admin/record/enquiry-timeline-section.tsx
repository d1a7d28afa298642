import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import {
  describeTimelineLine,
  loadEnquiryTimeline,
} from '@/features/admin/record/enquiry-timeline';
import { HeldAnswerActions } from '@/features/admin/record/held-answer-actions';
import { adminKeys, staffQuery } from '@/features/admin/shared/admin-queries';
import { formatDateTime } from '@/features/admin/shared/enquiry-format';
import { reportLoadError } from '@/features/admin/shared/report-load-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiryId: string };

/** Everything that happened to the enquiry, oldest first, as one list. */
export function EnquiryTimelineSection({ enquiryId }: Props) {
  const client = useSupabaseClient();
  const query = useQuery({
    queryKey: adminKeys.timeline(enquiryId),
    queryFn: () => loadEnquiryTimeline(client, enquiryId),
  });
  const staff = useQuery(staffQuery(client)).data ?? [];
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
            const line = describeTimelineLine(event, staff);
            return (
              <li key={`${event.occurred_at}-${event.event}-${index}`} className="pl-3">
                <time dateTime={event.occurred_at} className="block text-xs text-ink-muted">
                  {formatDateTime(event.occurred_at)}
                </time>
                <span className="font-semibold break-words text-ink">{line.label}</span>
                {line.context ? (
                  <span className="text-sm break-words text-ink-muted"> · {line.context}</span>
                ) : null}
                {line.text ? (
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-ink-soft">
                    {line.text}
                  </p>
                ) : null}
                {line.attachments ? (
                  <p className="mt-1 text-sm break-words text-ink-muted">{line.attachments}</p>
                ) : null}
                {line.heldAnswerId ? <HeldAnswerActions answerId={line.heldAnswerId} /> : null}
                {line.reply ? (
                  <details className="mt-1 text-sm">
                    <summary className="inline-flex min-h-6 cursor-pointer items-center text-brand-700 underline-offset-2 hover:underline">
                      Show the reply
                    </summary>
                    <p className="mt-1 break-words whitespace-pre-line text-ink-soft">
                      {line.reply}
                    </p>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
