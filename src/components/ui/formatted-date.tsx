/**
 * Dates shown to visitors, formatted the same way on the server and in the browser: the en-GB
 * long form in UTC, so prerendered HTML and hydration always agree.
 *
 * Written out by hand rather than with Intl.DateTimeFormat: building that formatter loads the
 * browser's locale and time-zone data, which cost about 50 ms of main-thread time on the pages
 * with dates (policies, whitepapers, articles), the largest single task of their hydration.
 */
/** The months' names in English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '2025-08-25' → '25 August 2025'. Accepts an ISO date or date-time. */
export function formatUkDate(isoDate: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an ISO date: ${isoDate}`);
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A <time> element with a machine-readable dateTime and the UK long form as its text. */
export function FormattedDate({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatUkDate(date)}
    </time>
  );
}
