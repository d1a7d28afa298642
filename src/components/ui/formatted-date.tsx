/**
 * Dates shown to visitors, formatted the same way on the server and in the browser: a fixed
 * en-GB formatter in UTC, so prerendered HTML and hydration always agree.
 */
const ukDateFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2025-08-25' → '25 August 2025'. Accepts an ISO date or date-time. */
export function formatUkDate(isoDate: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an ISO date: ${isoDate}`);
  return ukDateFormatter.format(date);
}

/** A <time> element with a machine-readable dateTime and the UK long form as its text. */
export function FormattedDate({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatUkDate(date)}
    </time>
  );
}
