/** A time of day as staff type it and the database keeps it, "09:30" (24-hour, minutes). */
export type TimeOfDay = string;

/**
 * "09:30" from "9:30", "09.30", "0930", "9" or "09:30:00" (a value read back from the database);
 * null when the text is not a time of day from 00:00 to 23:59.
 */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?(?::00)?$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A time column's value ("09:30:00") as staff read it ("09:30"). */
export function shortTime(value: string): TimeOfDay {
  return value.slice(0, 5);
}

/** One range of a day, e.g. 09:00 to 12:30. */
export type TimeRange = { start: TimeOfDay; end: TimeOfDay };

/** Whether two ranges of the same day share any minute (touching ends do not). */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** "09:00–12:30". */
export function describeRange(range: TimeRange): string {
  return `${range.start}–${range.end}`;
}

/** What is wrong with one typed range, field by field; empty when it can be saved. */
export type RangeErrors = { start?: string; end?: string; range?: string };

export type CheckedRange = { ok: true; range: TimeRange } | { ok: false; errors: RangeErrors };

/** Reads a typed range: both times valid, and the end after the start. */
export function checkRange(start: string, end: string): CheckedRange {
  const errors: RangeErrors = {};
  const from = parseTimeOfDay(start);
  const to = parseTimeOfDay(end);
  if (start.trim() === '') errors.start = 'Enter the start time, for example 09:00.';
  else if (!from) errors.start = `“${start.trim()}” is not a time: use hh:mm, for example 09:00.`;
  if (end.trim() === '') errors.end = 'Enter the end time, for example 17:00.';
  else if (!to) errors.end = `“${end.trim()}” is not a time: use hh:mm, for example 17:00.`;
  if (from && to && to <= from) {
    errors.range = `The end (${to}) must be after the start (${from}).`;
  }
  return from && to && !errors.range
    ? { ok: true, range: { start: from, end: to } }
    : { ok: false, errors };
}

/**
 * For each range of one day, the earlier range it overlaps (by index), if any, so the message
 * names it: "Overlaps 09:00–12:00."
 */
export function overlapsWithin(ranges: readonly (TimeRange | null)[]): (TimeRange | null)[] {
  return ranges.map((range, index) => {
    if (!range) return null;
    const other = ranges.find(
      (candidate, at) => at !== index && candidate !== null && rangesOverlap(range, candidate),
    );
    return other ?? null;
  });
}

export function overlapMessage(other: TimeRange): string {
  return `Overlaps ${describeRange(other)}: hours on one day cannot overlap.`;
}
