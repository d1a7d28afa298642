import { useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { site } from '@/config/site';
import { BookingManager } from '@/features/consultation/booking-manager';
import {
  asConsultationError,
  ConsultationError,
  requestConsultationSlots,
  type Booking,
} from '@/features/consultation/consultation-api';
import {
  problemMessages,
  type ProblemMessage,
} from '@/features/consultation/consultation-messages';
import type { HeadingLevel } from '@/features/consultation/panel-heading';
import { ProblemPanel } from '@/features/consultation/problem-panel';
import { detectTimeZone } from '@/features/consultation/time-zones';

type ConsultationManageProps = {
  /** A manage token. */
  token: string;
  headingLevel: HeadingLevel;
  onManageToken?: (token: string) => void;
};

type State =
  | { kind: 'loading' }
  | { kind: 'closed'; message: ProblemMessage; canRetry: boolean }
  | { kind: 'open'; booking: Booking };

const writeToUs = `To arrange another time, write to ${site.contactEmail}.`;

/** Why a booking that the link found can no longer be changed, or null when it can. */
export function closedBookingMessage(booking: Booking, now: number): ProblemMessage | null {
  if (booking.status === 'cancelled') {
    if (booking.cancelled_by === 'unconfirmed') {
      return {
        title: 'This booking was released',
        text: `It was not confirmed with the link in our e-mail in time, so we released the time. ${writeToUs}`,
      };
    }
    return booking.cancelled_by === 'staff'
      ? {
          title: 'We cancelled this consultation',
          text: `We've e-mailed you about it. ${writeToUs}`,
        }
      : { title: 'You cancelled this consultation', text: writeToUs };
  }
  if (Date.parse(booking.ends_at) <= now) {
    return {
      title: 'This consultation has taken place',
      text: `Thank you for your time. To talk again, write to ${site.contactEmail}.`,
    };
  }
  if (Date.parse(booking.starts_at) <= now) return problemMessages.consultation_past;
  return null;
}

function describeRefusal(caught: unknown): State {
  const { problem } = asConsultationError(caught);
  return {
    kind: 'closed',
    message: problemMessages[problem],
    canRetry:
      problem === 'failed' ||
      problem === 'consultation_rate_limit' ||
      problem === 'consultation_read_limit',
  };
}

/** A manage link: the booking it controls, with Reschedule and Cancel; or why it can do nothing. */
export function ConsultationManage({
  token,
  headingLevel,
  onManageToken,
}: ConsultationManageProps) {
  const [timeZone, setTimeZone] = useState(detectTimeZone);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    requestConsultationSlots(token).then(
      ({ booking }) => {
        if (!live) return;
        if (!booking) {
          setState(describeRefusal(new ConsultationError('consultation_token_invalid')));
          return;
        }
        const closed = closedBookingMessage(booking, Date.now());
        setState(
          closed ? { kind: 'closed', message: closed, canRetry: false } : { kind: 'open', booking },
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

  switch (state.kind) {
    case 'loading':
      return <Spinner label="Finding your consultation" className="flex justify-center py-8" />;
    case 'closed':
      return (
        <ProblemPanel message={state.message} headingLevel={headingLevel}>
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
    case 'open':
      return (
        <BookingManager
          booking={state.booking}
          manageToken={token}
          arrival="opened"
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          headingLevel={headingLevel}
          onManageTokenChange={onManageToken}
        />
      );
  }
}
