import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';

import { paths } from '@/config/paths';
import { ConfirmationBadge } from '@/features/admin/consultations/booking-confirmation';
import type { UpcomingConsultation } from '@/features/admin/consultations/consultation-bookings';
import { upcomingQuery } from '@/features/admin/consultations/consultation-queries';
import { consultationWhen } from '@/features/admin/consultations/consultation-time';
import { blankable } from '@/features/admin/shared/enquiry-format';
import { useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** How many of the next consultations the dashboard lists. */
export const UPCOMING_LIMIT = 10;

/** "Sam Visitor, Acme"; whichever of the two was given. */
function whoWith(consultation: UpcomingConsultation): string {
  const name = blankable(consultation.name);
  const company = blankable(consultation.company);
  if (name && company) return `${name}, ${company}`;
  return name || company || 'No name given';
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The next consultations booked with anyone on the team, soonest first: when (London time), who
 * with (opening their enquiry on this page), the staff member, and whether the prospect has
 * confirmed the booking yet. Reloaded with the dashboard.
 */
export function UpcomingConsultations({ pollMs }: { pollMs: number }) {
  const client = useSupabaseClient();
  const { setEnquiry } = useEnquiryAddress();
  const query = useQuery({
    ...upcomingQuery(client, UPCOMING_LIMIT),
    refetchInterval: pollMs > 0 ? pollMs : false,
  });
  const rows = query.data;

  return (
    <section
      aria-labelledby="upcoming-consultations-heading"
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <h2 id="upcoming-consultations-heading" className="text-lg font-bold text-ink">
        Upcoming consultations
      </h2>
      {rows === undefined ? (
        query.isError ? (
          <p className="text-sm text-ink-muted">
            The consultations could not be loaded: {rpcErrorMessage(query.error)}
          </p>
        ) : (
          <p className="text-sm text-ink-muted">Loading the consultations…</p>
        )
      ) : rows.length === 0 ? (
        <p className="text-sm text-ink-muted">No consultations booked.</p>
      ) : (
        <ul
          aria-label="Upcoming consultations, soonest first"
          className="divide-y divide-slate-200"
        >
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-col gap-x-4 py-2 text-sm sm:flex-row sm:flex-wrap sm:items-baseline"
            >
              <time dateTime={row.starts_at} className="font-semibold text-ink tabular-nums">
                {consultationWhen(row.starts_at, row.ends_at)}
              </time>
              <a
                href={`${paths.admin}?enquiry=${encodeURIComponent(row.submission_id)}`}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  setEnquiry(row.submission_id);
                }}
                className="inline-flex min-h-6 min-w-0 items-center break-words text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {whoWith(row)}
              </a>
              <span className="text-ink-muted">
                with {blankable(row.staff_name) || 'a former staff member'}
              </span>
              <ConfirmationBadge booking={row} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
