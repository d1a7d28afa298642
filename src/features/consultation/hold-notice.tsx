import type { Booking } from '@/features/consultation/consultation-api';
import { fullDayLabel, timeLabel } from '@/features/consultation/slot-days';
import { timeZoneLabel } from '@/features/consultation/time-zones';

/**
 * When a held booking is released unless confirmed first, in the visitor's zone: "12:00 on
 * Wednesday 2 December 2026, UK time (Europe/London)". Null for a booking that is not held (it
 * is confirmed, or the database keeps no hold).
 */
export function holdDeadline(booking: Booking, timeZone: string): string | null {
  if (booking.status !== 'booked' || booking.confirmed_at !== null || !booking.hold_until) {
    return null;
  }
  const until = booking.hold_until;
  return `${timeLabel(until, timeZone)} on ${fullDayLabel(until, timeZone)}, ${timeZoneLabel(timeZone)}`;
}

type HoldNoticeProps = { booking: Booking; timeZone: string };

/** On a held booking's panel: it is not confirmed yet, and by when it must be. */
export function HoldNotice({ booking, timeZone }: HoldNoticeProps) {
  const deadline = holdDeadline(booking, timeZone);
  if (deadline === null) return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 [overflow-wrap:anywhere] text-ink">
      <strong className="font-semibold">Not confirmed yet:</strong> confirm with the link in our
      e-mail by {deadline}, or the time is released.
    </p>
  );
}
