import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { staffDateTime } from '@/components/ui/staff-date';
import { ConfirmationBadge } from '@/features/admin/consultations/booking-confirmation';
import { CancelConfirmation } from '@/features/admin/consultations/cancel-confirmation';
import {
  cancelConsultation,
  ConsultationChangeError,
  mailSentence,
  moveConsultation,
  type ConsultationBooking,
} from '@/features/admin/consultations/consultation-bookings';
import {
  consultationKeys,
  enquiryConsultationsQuery,
} from '@/features/admin/consultations/consultation-queries';
import { consultationWhen, prospectTime } from '@/features/admin/consultations/consultation-time';
import { MoveConsultationPanel } from '@/features/admin/consultations/move-consultation-panel';
import { staffName } from '@/features/admin/record/enquiry-timeline';
import { invalidateEnquiries, staffQuery } from '@/features/admin/shared/admin-queries';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiryId: string };

type Mode = 'view' | 'moving' | 'cancelling';

const cancelledBy: Record<string, string> = {
  visitor: 'by the prospect',
  staff: 'by staff',
};

const invitationNote = 'Moving or cancelling e-mails the prospect an updated calendar invitation.';

function timesMoved(sequence: number): string | null {
  if (sequence <= 0) return null;
  return sequence === 1 ? 'Moved once.' : `Moved ${sequence} times.`;
}

/** One consultation in words: when (London), with whom, and how it stands. */
function BookingSummary({
  booking,
  host,
  now,
}: {
  booking: ConsultationBooking;
  host: string;
  now: number;
}) {
  const when = consultationWhen(booking.starts_at, booking.ends_at);
  const theirs = prospectTime(booking.starts_at, booking.visitor_time_zone);
  if (booking.status === 'cancelled' && booking.cancelled_by === 'unconfirmed') {
    return (
      <p className="text-ink">
        <span className="font-semibold">Released: the prospect did not confirm</span>
        {booking.cancelled_at ? ` on ${staffDateTime(booking.cancelled_at)}` : ''}: was{' '}
        <time dateTime={booking.starts_at}>{when}</time> with {host}.
      </p>
    );
  }
  if (booking.status === 'cancelled') {
    return (
      <p className="text-ink">
        <span className="font-semibold">Cancelled</span>
        {booking.cancelled_by ? ` ${cancelledBy[booking.cancelled_by] ?? ''}` : ''}
        {booking.cancelled_at ? ` on ${staffDateTime(booking.cancelled_at)}` : ''}: was{' '}
        <time dateTime={booking.starts_at}>{when}</time> with {host}.
      </p>
    );
  }
  const past = Date.parse(booking.ends_at) <= now;
  return (
    <div className="space-y-1">
      <p className="font-semibold text-ink">
        <time dateTime={booking.starts_at}>{when}</time>
        <span className="font-normal text-ink-muted"> (London time)</span>
      </p>
      <p className="text-ink">
        With {host}
        {past ? ' · this time has passed' : ''}
      </p>
      <p>
        <ConfirmationBadge booking={booking} />
      </p>
      {theirs ? <p className="text-sm text-ink-muted">For the prospect: {theirs}.</p> : null}
      {timesMoved(booking.sequence) ? (
        <p className="text-sm text-ink-muted">{timesMoved(booking.sequence)}</p>
      ) : null}
    </div>
  );
}

/**
 * The enquiry's free consultation, the newest booking first: when and with whom, and for a booked
 * one still to come, Move (to another free time of the same staff member) and Cancel, each said
 * to e-mail the prospect an updated invitation. Earlier bookings follow in a line each.
 */
export function EnquiryConsultationSection({ enquiryId }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const query = useQuery(enquiryConsultationsQuery(client, enquiryId));
  const staff = useQuery(staffQuery(client)).data ?? [];
  const [mode, setMode] = useState<Mode>('view');
  // When the record was opened: what "still to come" is measured from (the database checks again).
  const [now] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Move is drawn again once its panel closes; it takes the focus back then.
  const focusMoveWhenBack = useRef(false);
  const hostOf = (booking: ConsultationBooking) =>
    booking.staff_id ? staffName(booking.staff_id, staff) : 'a former staff member';

  const moving = useMutation({
    mutationFn: (value: { booking: ConsultationBooking; startsAt: string }) =>
      moveConsultation(client, value.booking.id, value.startsAt),
    onSuccess: (moved) => {
      setMode('view');
      setOutcome({
        tone: 'ok',
        text: `Consultation moved to ${consultationWhen(moved.booking.starts_at, moved.booking.ends_at)}. ${mailSentence(moved, 'the updated invitation')}`,
      });
      focusMoveWhenBack.current = true;
      return invalidateEnquiries(queryClient);
    },
    onError: (failure, value) => {
      setOutcome({ tone: 'error', text: `Not moved: ${rpcErrorMessage(failure)}` });
      if (
        failure instanceof ConsultationChangeError &&
        failure.hint === 'consultation_slot_taken'
      ) {
        void queryClient.invalidateQueries({
          queryKey: consultationKeys.moveSlots(value.booking.id),
        });
      } else {
        void invalidateEnquiries(queryClient);
      }
    },
  });
  const cancelling = useMutation({
    mutationFn: (booking: ConsultationBooking) => cancelConsultation(client, booking.id),
    onSuccess: (cancelled) => {
      setMode('view');
      setOutcome({
        tone: 'ok',
        text: `Consultation cancelled: its time is free again. ${mailSentence(cancelled, 'the cancellation')}`,
      });
      heading.current?.focus();
      return invalidateEnquiries(queryClient);
    },
    onError: (failure) => {
      setOutcome({ tone: 'error', text: `Not cancelled: ${rpcErrorMessage(failure)}` });
      void invalidateEnquiries(queryClient);
    },
  });
  const busy = moving.isPending || cancelling.isPending;

  const bookings = query.data;
  const latest = bookings?.[0];
  const earlier = bookings?.slice(1) ?? [];
  const changeable =
    latest?.status === 'booked' && Date.parse(latest.starts_at) > now ? latest : undefined;

  function closePanel() {
    focusMoveWhenBack.current = true;
    setMode('view');
  }

  return (
    <section aria-labelledby="enquiry-consultation-heading" className="space-y-3">
      <h3
        id="enquiry-consultation-heading"
        ref={heading}
        tabIndex={-1}
        className="text-base font-bold text-ink"
      >
        Consultation
      </h3>
      {query.isError ? (
        <p className="text-sm text-ink-muted">
          The consultation could not be loaded: {rpcErrorMessage(query.error)}
        </p>
      ) : bookings === undefined ? (
        <p className="text-sm text-ink-muted">Loading the consultation…</p>
      ) : !latest ? (
        <p className="text-sm text-ink-muted">No consultation booked.</p>
      ) : (
        <div className="space-y-3 rounded-lg border border-slate-200 p-3">
          <BookingSummary booking={latest} host={hostOf(latest)} now={now} />
          {changeable && mode === 'view' ? (
            <>
              <p className="text-sm text-ink-muted">{invitationNote}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  ref={(element) => {
                    if (element && focusMoveWhenBack.current) {
                      focusMoveWhenBack.current = false;
                      element.focus();
                    }
                  }}
                  type="button"
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (busy) return;
                    setOutcome(null);
                    setMode('moving');
                  }}
                  className={buttonClass({
                    variant: 'outline',
                    size: 'sm',
                    className: 'min-h-11 max-sm:w-full',
                  })}
                >
                  Move
                </button>
                <button
                  type="button"
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (busy) return;
                    setOutcome(null);
                    setMode('cancelling');
                  }}
                  className={buttonClass({
                    variant: 'outline',
                    size: 'sm',
                    className: 'min-h-11 text-red-800 max-sm:w-full',
                  })}
                >
                  Cancel consultation
                </button>
              </div>
            </>
          ) : null}
          {changeable && mode === 'moving' ? (
            <MoveConsultationPanel
              booking={changeable}
              host={hostOf(changeable)}
              busy={moving.isPending}
              onMove={(startsAt) => moving.mutate({ booking: changeable, startsAt })}
              onClose={closePanel}
            />
          ) : null}
          {changeable && mode === 'cancelling' ? (
            <CancelConfirmation
              when={consultationWhen(changeable.starts_at, changeable.ends_at)}
              busy={cancelling.isPending}
              onConfirm={() => cancelling.mutate(changeable)}
              onKeep={closePanel}
            />
          ) : null}
        </div>
      )}
      <OutcomeMessage outcome={outcome} />
      {earlier.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-ink">Earlier bookings</h4>
          <ul aria-label="Earlier bookings, newest first" className="mt-1 space-y-1 text-sm">
            {earlier.map((booking) => (
              <li key={booking.id} className="break-words text-ink-muted">
                {consultationWhen(booking.starts_at, booking.ends_at)} with {hostOf(booking)} ·{' '}
                {booking.status !== 'cancelled'
                  ? 'Booked'
                  : booking.cancelled_by === 'unconfirmed'
                    ? 'Released: the prospect did not confirm'
                    : 'Cancelled'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
