import { useEffect, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { BookingDetails } from '@/features/consultation/booking-details';
import {
  asConsultationError,
  confirmConsultation,
  type Booking,
  type ConsultationProblem,
} from '@/features/consultation/consultation-api';
import { closedBookingMessage } from '@/features/consultation/consultation-manage';
import {
  noLongerHeldMessage,
  problemMessages,
  type ProblemMessage,
} from '@/features/consultation/consultation-messages';
import { PanelHeading, type HeadingLevel } from '@/features/consultation/panel-heading';
import { ProblemPanel } from '@/features/consultation/problem-panel';
import { detectTimeZone } from '@/features/consultation/time-zones';

type ConsultationConfirmProps = {
  /** A confirm token, from the invitation mail's one-tap link. */
  token: string;
  headingLevel: HeadingLevel;
};

type State =
  | { kind: 'loading' }
  | { kind: 'confirmed'; booking: Booking }
  | { kind: 'closed'; message: ProblemMessage; canRetry: boolean };

/** Problems a second try may get past. */
const passing = new Set<ConsultationProblem>([
  'failed',
  'consultation_rate_limit',
  'consultation_read_limit',
]);

function describeRefusal(caught: unknown): State {
  const { problem } = asConsultationError(caught);
  return {
    kind: 'closed',
    // A confirm link's booking was cancelled or released: it is simply no longer held.
    message: problem === 'consultation_cancelled' ? noLongerHeldMessage : problemMessages[problem],
    canRetry: passing.has(problem),
  };
}

/**
 * A confirm link: confirms the held booking once on opening (a second time, as on a reload, the
 * database answers the booking again), then says it is confirmed, when and with whom; or why it
 * could not be. The result's heading takes focus.
 */
export function ConsultationConfirm({ token, headingLevel }: ConsultationConfirmProps) {
  const [timeZone] = useState(detectTimeZone);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // One call an attempt, even when the effect runs twice (StrictMode in development).
  const request = useRef<{ attempt: number; answer: Promise<{ booking: Booking }> } | null>(null);

  useEffect(() => {
    let live = true;
    if (request.current?.attempt !== attempt) {
      request.current = { attempt, answer: confirmConsultation(token) };
    }
    request.current.answer.then(
      ({ booking }) => {
        if (!live) return;
        const closed = booking.status === 'cancelled' ? closedBookingMessage(booking, 0) : null;
        setState(
          closed
            ? { kind: 'closed', message: closed, canRetry: false }
            : { kind: 'confirmed', booking },
        );
      },
      (caught: unknown) => {
        if (live) setState(describeRefusal(caught));
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  useEffect(() => {
    if (state.kind === 'confirmed') heading.current?.focus();
  }, [state.kind]);

  switch (state.kind) {
    case 'loading':
      return <Spinner label="Confirming your booking" className="flex justify-center py-8" />;
    case 'closed':
      return (
        <ProblemPanel message={state.message} headingLevel={headingLevel} takeFocus>
          {state.canRetry ? (
            <button
              type="button"
              onClick={() => {
                setState({ kind: 'loading' });
                setAttempt((count) => count + 1);
              }}
              className={buttonClass({ variant: 'outline' })}
            >
              Try again
            </button>
          ) : null}
        </ProblemPanel>
      );
    case 'confirmed':
      return (
        <div className="space-y-4">
          <PanelHeading level={headingLevel} ref={heading}>
            Your consultation is confirmed
          </PanelHeading>
          <BookingDetails booking={state.booking} timeZone={timeZone} />
          <p className="text-ink">
            Thank you: the time is yours. The invitation e-mail we sent you has the link to
            reschedule or cancel it.
          </p>
        </div>
      );
  }
}
