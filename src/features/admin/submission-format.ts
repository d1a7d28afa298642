import { getServiceInterestLabel, getTimelineLabel } from '@/content/contact-options';

/** How the admin table shows values (blank values as "N/A", an empty message as "No message"). */
export const NOT_AVAILABLE = 'N/A';
export const NO_MESSAGE = 'No message';
/** Messages longer than this are cut in the table; the full text is in the title and dialog. */
export const MESSAGE_PREVIEW_LENGTH = 80;

/** "N/A" for a missing or blank value. */
export function displayValue(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NOT_AVAILABLE : value;
}

export function displayInterest(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NOT_AVAILABLE : getServiceInterestLabel(value);
}

export function displayTimeline(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NOT_AVAILABLE : getTimelineLabel(value);
}

export function displayMessage(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NO_MESSAGE : value;
}

/** The start of a long text, cut at a word boundary where one is near, with an ellipsis. */
export function truncate(text: string, max = MESSAGE_PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.trimEnd()}…`;
}

/**
 * A London-time formatter built on first use: building one loads the browser's locale and time
 * zone data (tens of milliseconds on a phone), which the admin shell should not wait for.
 */
function londonFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) =>
    (format ??= new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' })).format(
      date,
    );
}

const dateFormat = londonFormat({ day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFormat = londonFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timeFormat = londonFormat({ hour: '2-digit', minute: '2-digit' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** UK date, e.g. "01 Mar 2025" (London time). */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateFormat(date) : NOT_AVAILABLE;
}

/** UK 24-hour time, e.g. "10:00" (London time). */
export function formatTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? timeFormat(date) : '';
}

/** UK date and time, e.g. "01 Mar 2025, 10:00" (London time). */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTimeFormat(date) : NOT_AVAILABLE;
}

/** A tel: URI from a typed phone number: keeps digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
