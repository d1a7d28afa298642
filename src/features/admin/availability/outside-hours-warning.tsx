import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { outsideReason, type OutsideBooking } from '@/features/admin/availability/outside-hours';
import type { OutsideHoursGuard } from '@/features/admin/availability/use-outside-hours-guard';
import { CancelConfirmation } from '@/features/admin/consultations/cancel-confirmation';
import {
  cancelConsultation,
  mailSentence,
  moveConsultation,
} from '@/features/admin/consultations/consultation-bookings';
import { consultationWhen, prospectTime } from '@/features/admin/consultations/consultation-time';
import { MoveConsultationPanel } from '@/features/admin/consultations/move-consultation-panel';
import { invalidateEnquiries } from '@/features/admin/shared/admin-queries';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props<T> = {
  guard: OutsideHoursGuard<T>;
  /** What is being saved, for the heading: "these weekly hours", "these days off". */
  what: string;
  /** The button that saves the held change as it is: "Save anyway". */
  confirmLabel: string;
  /** The form's save is on its way. */
  saving: boolean;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const consultations = (count: number) =>
  count === 1 ? 'one booked consultation' : `${count} booked consultations`;

/**
 * The booked consultations a change of availability leaves outside it, each with Move and
 * Cancel (both e-mail the prospect), and before the change is saved, Save anyway or Keep
 * editing. Drawn while the guard holds a change; it takes the focus when it appears.
 */
export function OutsideHoursWarning<T>({ guard, what, confirmLabel, saving }: Props<T>) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const held = guard.held;
  const shown = held !== null;
  useEffect(() => {
    if (!shown) return;
    // Focus alone would scroll just the heading into view, leaving the bookings and the choices
    // below the fold of a phone: bring in the whole warning, or as much of it as fits.
    heading.current?.focus({ preventScroll: true });
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!held) return null;
  const count = held.bookings.length;

  let title: string;
  if (held.saved)
    title = `Saved. ${capitalised(consultations(count))} now outside your availability`;
  else if (count === 0) title = `Nothing is booked outside ${what} any more`;
  else title = `Saving ${what} leaves ${consultations(count)} outside them`;

  return (
    <section
      ref={section}
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
    >
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1} className="font-semibold text-ink">
        {title}
      </h4>
      {count > 0 ? (
        <>
          <p className="text-sm text-ink">
            {held.saved
              ? 'Prospects keep these times until you move or cancel them.'
              : 'Move or cancel each, or save anyway and keep them as booked.'}{' '}
            Moving or cancelling e-mails the prospect.
          </p>
          <ul aria-label="Consultations outside your availability" className="space-y-2">
            {held.bookings.map((booking) => (
              <AffectedConsultation
                key={booking.id}
                booking={booking}
                onOutcome={setOutcome}
                onChanged={guard.refresh}
              />
            ))}
          </ul>
        </>
      ) : null}
      <OutcomeMessage outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        {held.saved ? (
          <button
            type="button"
            onClick={guard.dismiss}
            className={buttonClass({ variant: 'outline', size: 'sm', className: 'min-h-11' })}
          >
            Done
          </button>
        ) : (
          <>
            <button
              type="button"
              aria-disabled={saving || undefined}
              onClick={() => {
                if (!saving) guard.saveAnyway();
              }}
              className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
            >
              {saving ? 'Saving…' : count === 0 ? 'Save' : confirmLabel}
            </button>
            <button
              type="button"
              onClick={guard.dismiss}
              className={buttonClass({
                variant: 'outline',
                size: 'sm',
                className: 'min-h-11 max-sm:w-full',
              })}
            >
              Keep editing
            </button>
          </>
        )}
      </div>
    </section>
  );
}

type Mode = 'view' | 'moving' | 'cancelling';

/** One stranded consultation: when (London and the prospect's), who, why, and Move or Cancel. */
function AffectedConsultation({
  booking,
  onOutcome,
  onChanged,
}: {
  booking: OutsideBooking;
  onOutcome: (outcome: Outcome) => void;
  onChanged: () => void;
}) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const when = consultationWhen(booking.starts_at, booking.ends_at);
  const theirs = prospectTime(booking.starts_at, booking.visitor_time_zone);
  const who = booking.company ? `${booking.name} (${booking.company})` : booking.name;
  const done = (text: string) => {
    setMode('view');
    onOutcome({ tone: 'ok', text });
    onChanged();
    void invalidateEnquiries(queryClient);
  };
  const moving = useMutation({
    mutationFn: (startsAt: string) => moveConsultation(client, booking.id, startsAt),
    onSuccess: (moved) =>
      done(
        `${who}: moved to ${consultationWhen(moved.booking.starts_at, moved.booking.ends_at)}. ${mailSentence(moved, 'the updated invitation')}`,
      ),
    onError: (failure) =>
      onOutcome({ tone: 'error', text: `${who}: not moved. ${rpcErrorMessage(failure)}` }),
  });
  const cancelling = useMutation({
    mutationFn: () => cancelConsultation(client, booking.id),
    onSuccess: (cancelled) =>
      done(`${who}: consultation cancelled. ${mailSentence(cancelled, 'the cancellation')}`),
    onError: (failure) =>
      onOutcome({ tone: 'error', text: `${who}: not cancelled. ${rpcErrorMessage(failure)}` }),
  });
  const busy = moving.isPending || cancelling.isPending;

  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <p className="font-semibold break-words text-ink">
        <time dateTime={booking.starts_at}>{when}</time>
        <span className="font-normal text-ink-muted"> (London time)</span>
      </p>
      <p className="text-sm break-words text-ink">
        {who} · {outsideReason(booking.reason)}
        {theirs ? <span className="text-ink-muted"> · for the prospect: {theirs}</span> : null}
      </p>
      {mode === 'view' ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-label={`Move the consultation with ${who}`}
            onClick={() => setMode('moving')}
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
            aria-label={`Cancel consultation with ${who}`}
            onClick={() => setMode('cancelling')}
            className={buttonClass({
              variant: 'outline',
              size: 'sm',
              className: 'min-h-11 text-red-800 max-sm:w-full',
            })}
          >
            Cancel consultation
          </button>
        </div>
      ) : null}
      {mode === 'moving' ? (
        <MoveConsultationPanel
          booking={booking}
          host="you"
          busy={busy}
          onMove={(startsAt) => moving.mutate(startsAt)}
          onClose={() => setMode('view')}
        />
      ) : null}
      {mode === 'cancelling' ? (
        <CancelConfirmation
          when={when}
          busy={busy}
          onConfirm={() => cancelling.mutate()}
          onKeep={() => setMode('view')}
        />
      ) : null}
    </li>
  );
}
