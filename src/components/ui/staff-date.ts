/**
 * The one way the staff area writes a date: day first as in the UK, the month as a word (so
 * nobody reads 03/11 as 11 March), the 24-hour clock, and always London time, the site's zone,
 * whatever the browser's: "28 Nov 2026, 14:05", or "28 Nov 2026" where the day is all that
 * matters. Spreadsheets get "2026-11-28 14:05:00", which they read as a date and time.
 * Each function returns "" for a missing or unreadable date; the caller says what shows instead.
 */
import { LONDON_TIME_ZONE, zonedParts } from '@shared/time-zone';

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

type LondonParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/**
 * The formatter is built on first use: building it loads the browser's locale and time zone data
 * (tens of milliseconds on a phone), which the staff shell should not wait for. Numeric parts
 * only, so the words come from MONTHS ("Sep", where en-GB now says "Sept"), never from the
 * browser.
 */
function londonParts(date: Date): LondonParts {
  const part = zonedParts(date, LONDON_TIME_ZONE, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const number = (type: Intl.DateTimeFormatPartTypes, fallback: number) =>
    part(type) === '' ? fallback : Number(part(type));
  return {
    year: number('year', 0),
    month: number('month', 1),
    day: number('day', 1),
    hour: number('hour', 0),
    minute: number('minute', 0),
    second: number('second', 0),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The London calendar day of an instant as "2026-11-28" (a date input's value, a due day). */
export function londonDay(date: Date = new Date()): string {
  const { year, month, day } = londonParts(date);
  return `${year}-${two(month)}-${two(day)}`;
}

/** "01 Mar 2025" (London time). */
export function staffDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const { day, month, year } = londonParts(date);
  return `${two(day)} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** "10:00" (London time). */
export function staffTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const { hour, minute } = londonParts(date);
  return `${two(hour)}:${two(minute)}`;
}

/** "01 Mar 2025, 10:00" (London time). */
export function staffDateTime(iso: string | null | undefined): string {
  return parse(iso) ? `${staffDate(iso)}, ${staffTime(iso)}` : '';
}

/**
 * "2026-11-28 14:05:00" in London time, for a CSV: spreadsheets read it as a date and time,
 * where an offset or a "T" leaves it text.
 */
export function spreadsheetDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const { year, month, day, hour, minute, second } = londonParts(date);
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}
