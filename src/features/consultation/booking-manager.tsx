import { useEffect, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { BookingDetails } from '@/features/consultation/booking-details';
import {
  asConsultationError,
  cancelConsultation,
  requestConsultationSlots,
  rescheduleConsultation,
  type Booking,
  type ConsultationError,
  type ConsultationSlots,
} from '@/features/consultation/consultation-api';
import { finalProblems, problemMessages } from '@/features/consultation/consultation-messages';
import { holdDeadline, HoldNotice } from '@/features/consultation/hold-notice';
import { PanelHeading, type HeadingLevel } from '@/features/consultation/panel-heading';
import { ProblemPanel } from '@/features/consultation/problem-panel';
import { fullDayLabel, timeLabel } from '@/features/consultation/slot-days';
import { SlotPicker } from '@/features/consultation/slot-picker';

/** How the visitor came to the booking: having just booked it, or through a manage link. */
export type Arrival = 'booked' | 'opened';

type Headline = Arrival | 'moved';

type View =
  | { kind: 'details'; error: ConsultationError | null }
  | { kind: 'loading-slots' }
  | { kind: 'rescheduling'; answer: ConsultationSlots }
  | { kind: 'confirm-cancel'; busy: boolean; error: ConsultationError | null }
  | { kind: 'cancelled' }
  | { kind: 'problem'; error: ConsultationError };

const headlines: Record<Headline, { title: string; text: string }> = {
  booked: { title: 'Your consultation is booked', text: "We've e-mailed you an invitation." },
  moved: {
    title: 'Your consultation has moved',
    text: "We've e-mailed you an updated invitation.",
  },
  opened: {
    title: 'Your consultation',
    text: 'The invitation for your calendar is in the e-mail we sent you.',
  },
};

/**
 * Just booked: the invitation is on its way, and a held booking must be confirmed with the link
 * in it by its hold's end.
 */
function BookedText({ booking, timeZone }: { booking: Booking; timeZone: string }) {
  const deadline = holdDeadline(booking, timeZone);
  if (deadline === null) return <p className="text-ink">{headlines.booked.text}</p>;
  return (
    <p className="[overflow-wrap:anywhere] text-ink">
      We&apos;ve e-mailed you the invitation.{' '}
      <strong className="font-semibold">
        Please confirm your booking with the link in it: a booking not confirmed by {deadline} is
        released.
      </strong>
    </p>
  );
}

type BookingManagerProps = {
  booking: Booking;
  manageToken: string;
  arrival: Arrival;
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  headingLevel: HeadingLevel;
  /** Told of each new manage token (a move replaces the old one). */
  onManageTokenChange?: (token: string) => void;
  /** Offered after a cancellation when the visitor may book again. */
  onBookAgain?: () => void;
};

/**
 * A booked consultation: when, with whom, and the ways to move it (the same slot picker) or
 * cancel it (after a confirm step), all in place. Each new panel's heading takes focus.
 */
export function BookingManager({
  booking: firstBooking,
  manageToken,
  arrival,
  timeZone,
  onTimeZoneChange,
  headingLevel,
  onManageTokenChange,
  onBookAgain,
}: BookingManagerProps) {
  const [booking, setBooking] = useState(firstBooking);
  const [token, setToken] = useState(manageToken);
  const [headline, setHeadline] = useState<Headline>(arrival);
  const [view, setView] = useState<View>({ kind: 'details', error: null });
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelQuestion = useRef<HTMLParagraphElement>(null);
  const wantsFocus = useRef(arrival === 'booked');

  useEffect(() => {
    if (!wantsFocus.current) return;
    wantsFocus.current = false;
    (view.kind === 'confirm-cancel' ? cancelQuestion : heading).current?.focus();
  }, [view]);

  const show = (next: View) => {
    wantsFocus.current = true;
    setView(next);
  };

  /** A final refusal ends the panel; any other is shown where the visitor was. */
  const refused = (caught: unknown, otherwise: (error: ConsultationError) => View) => {
    const error = asConsultationError(caught);
    show(finalProblems.has(error.problem) ? { kind: 'problem', error } : otherwise(error));
  };

  const startReschedule = async () => {
    show({ kind: 'loading-slots' });
    try {
      show({ kind: 'rescheduling', answer: await requestConsultationSlots(token) });
    } catch (caught) {
      refused(caught, (error) => ({ kind: 'details', error }));
    }
  };

  const move = async (startsAt: string) => {
    let change;
    try {
      change = await rescheduleConsultation(token, startsAt, timeZone);
    } catch (caught) {
      const error = asConsultationError(caught);
      if (!finalProblems.has(error.problem)) throw error;
      show({ kind: 'problem', error });
      return;
    }
    setBooking(change.booking);
    setToken(change.manage_token);
    onManageTokenChange?.(change.manage_token);
    setHeadline('moved');
    show({ kind: 'details', error: null });
  };

  const cancel = async () => {
    setView({ kind: 'confirm-cancel', busy: true, error: null });
    try {
      const { booking: cancelled } = await cancelConsultation(token);
      setBooking(cancelled);
      show({ kind: 'cancelled' });
    } catch (caught) {
      refused(caught, (error) => ({ kind: 'confirm-cancel', busy: false, error }));
    }
  };

  switch (view.kind) {
    case 'problem':
      return (
        <ProblemPanel
          message={problemMessages[view.error.problem]}
          headingLevel={headingLevel}
          takeFocus
        />
      );
    case 'loading-slots':
      return <Spinner label="Finding free times" className="flex justify-center py-8" />;
    case 'rescheduling':
      return (
        <div className="space-y-4">
          <PanelHeading level={headingLevel} ref={heading}>
            Choose a new time
          </PanelHeading>
          <SlotPicker
            slots={view.answer.slots}
            meetingMinutes={view.answer.meeting_minutes}
            timeZone={timeZone}
            onTimeZoneChange={onTimeZoneChange}
            confirmLabel="Confirm new time"
            busyLabel="Moving…"
            noTimesText="There is no other free time in the next two weeks. Your consultation stays as it is."
            onConfirm={move}
          >
            <button
              type="button"
              onClick={() => show({ kind: 'details', error: null })}
              className={buttonClass({
                variant: 'outline',
                size: 'lg',
                className: 'w-full sm:w-auto',
              })}
            >
              Keep my current time
            </button>
          </SlotPicker>
        </div>
      );
    case 'cancelled':
      return (
        <div className="space-y-3">
          <PanelHeading level={headingLevel} ref={heading}>
            Your consultation is cancelled
          </PanelHeading>
          <p className="text-ink-muted">
            We&apos;ve e-mailed you the cancellation.{' '}
            {onBookAgain
              ? 'You can choose another time now.'
              : `To arrange another time, write to ${site.contactEmail}.`}
          </p>
          {onBookAgain ? (
            <button
              type="button"
              onClick={onBookAgain}
              className={buttonClass({ variant: 'outline' })}
            >
              Choose another time
            </button>
          ) : null}
        </div>
      );
    default:
      return (
        <div className="space-y-4">
          <PanelHeading level={headingLevel} ref={heading}>
            {headlines[headline].title}
          </PanelHeading>
          <BookingDetails booking={booking} timeZone={timeZone} />
          {headline === 'booked' ? (
            <BookedText booking={booking} timeZone={timeZone} />
          ) : (
            <>
              <p className="text-ink">{headlines[headline].text}</p>
              <HoldNotice booking={booking} timeZone={timeZone} />
            </>
          )}
          {view.kind === 'details' && view.error ? (
            <p role="alert" className="font-medium text-red-700">
              {problemMessages[view.error.problem].text}
            </p>
          ) : null}
          {view.kind === 'confirm-cancel' ? (
            <div className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
              <p
                ref={cancelQuestion}
                tabIndex={-1}
                className="font-semibold text-ink focus:outline-none"
              >
                Cancel your consultation on {fullDayLabel(booking.starts_at, timeZone)} at{' '}
                {timeLabel(booking.starts_at, timeZone)}?
              </p>
              <p className="text-ink">We&apos;ll e-mail you to confirm the cancellation.</p>
              {view.error ? (
                <p role="alert" className="font-medium text-red-700">
                  {problemMessages[view.error.problem].text}
                </p>
              ) : null}
              <div className="flex flex-col gap-3 sm:flex-row">
                <button
                  type="button"
                  disabled={view.busy}
                  onClick={cancel}
                  className={buttonClass({
                    variant: 'secondary',
                    className: 'bg-red-700 hover:bg-red-800',
                  })}
                >
                  {view.busy ? 'Cancelling…' : 'Yes, cancel it'}
                </button>
                <button
                  type="button"
                  disabled={view.busy}
                  onClick={() => show({ kind: 'details', error: null })}
                  className={buttonClass({ variant: 'outline' })}
                >
                  Keep it
                </button>
              </div>
            </div>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                onClick={startReschedule}
                className={buttonClass({ variant: 'outline' })}
              >
                Reschedule
              </button>
              <button
                type="button"
                onClick={() => show({ kind: 'confirm-cancel', busy: false, error: null })}
                className={buttonClass({ variant: 'outline', className: 'text-red-700' })}
              >
                Cancel consultation
              </button>
            </div>
          )}
        </div>
      );
  }
}
