import { staffDate, staffDateTime, staffTime } from '@/components/ui/staff-date';
import { getServiceInterestLabel, getTimelineLabel } from '@/content/contact-options';

/**
 * How the desktop table shows values (blank values as "N/A", an empty message as "No message"):
 * words the product has always shown there. Elsewhere (cards, Needs a reply, the overview) a
 * blank is just left blank, or "-" where a cell would otherwise look forgotten.
 */
export const NOT_AVAILABLE = 'N/A';
/** A blank value outside the desktop table. */
export const BLANK = '-';
export const NO_MESSAGE = 'No message';
/** Messages longer than this are cut in the table; the full text is in the title and dialog. */
export const MESSAGE_PREVIEW_LENGTH = 80;

/** "N/A" for a missing or blank value. */
export function displayValue(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NOT_AVAILABLE : value;
}

/** The value, or "" when it is missing or blank: for cards and lists, where no word is owed. */
export function blankable(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? '' : value;
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

/*
 * Dates follow the staff area's one rule (src/components/ui/staff-date.ts): "28 Nov 2026, 14:05"
 * or "28 Nov 2026", London time. Here a missing date reads "N/A", as the table's cells do.
 */

/** "01 Mar 2025" (London time); "N/A" when there is no date. */
export function formatDate(iso: string | null | undefined): string {
  return staffDate(iso) || NOT_AVAILABLE;
}

/** "10:00" (London time); empty when there is no date. */
export function formatTime(iso: string | null | undefined): string {
  return staffTime(iso);
}

/** "01 Mar 2025, 10:00" (London time); "N/A" when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  return staffDateTime(iso) || NOT_AVAILABLE;
}

export { spreadsheetDateTime } from '@/components/ui/staff-date';

/** A tel: URI from a typed phone number: keeps digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
