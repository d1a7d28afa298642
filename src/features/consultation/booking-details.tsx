import type { Booking } from '@/features/consultation/consultation-api';
import {
  dayLabel,
  fullDayLabel,
  sameWallClock,
  timeRangeLabel,
  wallClock,
} from '@/features/consultation/slot-days';
import { LONDON_TIME_ZONE, timeZoneLabel } from '@/features/consultation/time-zones';

type BookingDetailsProps = { booking: Booking; timeZone: string };

/** When the consultation is (in the visitor's zone, and in London's when that differs) and with whom. */
export function BookingDetails({ booking, timeZone }: BookingDetailsProps) {
  const { starts_at: startsAt, ends_at: endsAt } = booking;
  const inLondon = !sameWallClock(startsAt, timeZone, LONDON_TIME_ZONE);
  const londonDayDiffers =
    wallClock(startsAt, LONDON_TIME_ZONE).dayKey !== wallClock(startsAt, timeZone).dayKey;
  const rows = [
    { term: 'Day', detail: fullDayLabel(startsAt, timeZone) },
    {
      term: 'Time',
      detail: `${timeRangeLabel(startsAt, endsAt, timeZone)}, ${timeZoneLabel(timeZone)}`,
    },
    ...(inLondon
      ? [
          {
            term: 'In London',
            detail: `${timeRangeLabel(startsAt, endsAt, LONDON_TIME_ZONE)}${
              londonDayDiffers ? ` on ${dayLabel(startsAt, LONDON_TIME_ZONE)}` : ''
            }, UK time`,
          },
        ]
      : []),
    { term: 'With', detail: booking.staff_name },
  ];
  return (
    <dl className="space-y-2">
      {rows.map(({ term, detail }) => (
        <div key={term} className="sm:grid sm:grid-cols-[7rem_1fr] sm:gap-4">
          <dt className="font-semibold text-ink">{term}</dt>
          <dd className="[overflow-wrap:anywhere] text-ink">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
