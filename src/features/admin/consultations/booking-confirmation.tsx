import { staffTime } from '@/components/ui/staff-date';
import { consultationDay } from '@/features/admin/consultations/consultation-time';

type Confirmation = { confirmed_at: string | null; hold_until: string | null };

/** Whether a booked consultation still waits for its prospect to confirm it. */
export const isHeld = (booking: Confirmation): boolean =>
  booking.confirmed_at === null && Boolean(booking.hold_until);

/**
 * "Not confirmed yet — released Tue 01 Dec 2026, 10:00 unless the prospect confirms" (London
 * time) while the prospect has not confirmed their address; "Confirmed" otherwise (a booking made
 * before confirming was asked for holds no hold time, and stands).
 */
export function confirmationText(booking: Confirmation): string {
  if (!isHeld(booking) || !booking.hold_until) return 'Confirmed';
  const releasedAt = `${consultationDay(booking.hold_until)}, ${staffTime(booking.hold_until)}`;
  return `Not confirmed yet — released ${releasedAt} unless the prospect confirms`;
}

/** A booked consultation's confirmation, quietly: muted when confirmed, amber while held. */
export function ConfirmationBadge({ booking }: { booking: Confirmation }) {
  const held = isHeld(booking);
  return (
    <span
      className={`inline-block rounded-sm px-1.5 text-xs ${
        held ? 'border border-amber-300 bg-amber-50 text-amber-900' : 'text-ink-muted'
      }`}
    >
      {confirmationText(booking)}
    </span>
  );
}
