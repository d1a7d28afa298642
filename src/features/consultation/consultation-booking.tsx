import { useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { BookingDetails } from '@/features/consultation/booking-details';
import { BookingManager } from '@/features/consultation/booking-manager';
import {
  asConsultationError,
  bookConsultation,
  requestConsultationSlots,
  type Booking,
  type BookingChange,
  type ConsultationError,
  type ConsultationSlots,
} from '@/features/consultation/consultation-api';
import { finalProblems, problemMessages } from '@/features/consultation/consultation-messages';
import { HoldNotice } from '@/features/consultation/hold-notice';
import { PanelHeading, type HeadingLevel } from '@/features/consultation/panel-heading';
import { ProblemPanel } from '@/features/consultation/problem-panel';
import { SlotPicker } from '@/features/consultation/slot-picker';
import { detectTimeZone } from '@/features/consultation/time-zones';

type ConsultationBookingProps = {
  /** A book token. */
  token: string;
  /** The first slots request when it was started before this code arrived. */
  slotsRequest?: Promise<ConsultationSlots>;
  headingLevel: HeadingLevel;
  /** Told of the manage token once booked, and of each one that replaces it. */
  onManageToken?: (token: string) => void;
  /** Told true once booked (the free times are gone), false when the visitor chooses again. */
  onBookedChange?: (booked: boolean) => void;
};

type State =
  | { kind: 'loading' }
  | { kind: 'problem'; error: ConsultationError; takeFocus: boolean }
  | { kind: 'choosing'; answer: ConsultationSlots }
  | { kind: 'already-booked'; booking: Booking }
  | { kind: 'booked'; change: BookingChange };

/** Problems a second try may get past. */
const passing = new Set(['failed', 'consultation_rate_limit', 'consultation_read_limit']);

/**
 * Booking with a book token: the free times in the visitor's zone, then the booking, which can
 * be moved or cancelled in place.
 */
export function ConsultationBooking({
  token,
  slotsRequest,
  headingLevel,
  onManageToken,
  onBookedChange,
}: ConsultationBookingProps) {
  const [timeZone, setTimeZone] = useState(detectTimeZone);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const request = attempt === 0 && slotsRequest ? slotsRequest : requestConsultationSlots(token);
    request.then(
      (answer) => {
        if (!live) return;
        setState(
          answer.booking?.status === 'booked'
            ? { kind: 'already-booked', booking: answer.booking }
            : { kind: 'choosing', answer },
        );
      },
      (caught: unknown) => {
        if (live)
          setState({ kind: 'problem', error: asConsultationError(caught), takeFocus: false });
      },
    );
    return () => {
      live = false;
    };
  }, [token, slotsRequest, attempt]);

  const reload = () => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };

  const bookAgain = () => {
    onBookedChange?.(false);
    reload();
  };

  const book = async (startsAt: string) => {
    let change;
    try {
      change = await bookConsultation(token, startsAt, timeZone);
    } catch (caught) {
      const error = asConsultationError(caught);
      if (!finalProblems.has(error.problem)) throw error;
      setState({ kind: 'problem', error, takeFocus: true });
      return;
    }
    onManageToken?.(change.manage_token);
    onBookedChange?.(true);
    setState({ kind: 'booked', change });
  };

  switch (state.kind) {
    case 'loading':
      return <Spinner label="Finding free times" className="flex justify-center py-8" />;
    case 'problem':
      return (
        <ProblemPanel
          message={problemMessages[state.error.problem]}
          headingLevel={headingLevel}
          takeFocus={state.takeFocus}
        >
          {passing.has(state.error.problem) ? (
            <button type="button" onClick={reload} className={buttonClass({ variant: 'outline' })}>
              Try again
            </button>
          ) : null}
        </ProblemPanel>
      );
    case 'already-booked':
      return (
        <div className="space-y-4">
          <PanelHeading level={headingLevel}>You have booked your consultation</PanelHeading>
          <BookingDetails booking={state.booking} timeZone={timeZone} />
          <p className="text-ink">
            The e-mail we sent you has the invitation and the links to move or cancel it.
          </p>
          <HoldNotice booking={state.booking} timeZone={timeZone} />
        </div>
      );
    case 'booked':
      return (
        <BookingManager
          booking={state.change.booking}
          manageToken={state.change.manage_token}
          arrival="booked"
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          headingLevel={headingLevel}
          onManageTokenChange={onManageToken}
          onBookAgain={bookAgain}
        />
      );
    case 'choosing':
      return (
        <SlotPicker
          slots={state.answer.slots}
          meetingMinutes={state.answer.meeting_minutes}
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          confirmLabel="Confirm booking"
          busyLabel="Booking…"
          noTimesText="There are no free times in the next two weeks. We'll reply to your enquiry by e-mail to arrange one."
          onConfirm={book}
        />
      );
  }
}
