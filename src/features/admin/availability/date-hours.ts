import { parseDayFirst, toDayFirst } from '@/components/ui/day-first-date-input';
import { availabilityError } from '@/features/admin/availability/availability-error';
import {
  checkRange,
  overlapMessage,
  rangesOverlap,
  shortTime,
  type TimeRange,
} from '@/features/admin/availability/time-of-day';
import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type DateHours = Pick<
  Tables<'staff_date_hours'>,
  'id' | 'on_date' | 'starts_at' | 'ends_at'
>;

/** Hours on one date as typed: the day (day first) and the range. */
export type DateHoursDraft = { day: string; start: string; end: string };
export type DateHoursErrors = Partial<Record<keyof DateHoursDraft | 'range', string>>;
export type NewDateHours = { on_date: string; range: TimeRange };

/** The range of a saved row, "09:00" to "12:00". */
export function rangeOf(row: Pick<DateHours, 'starts_at' | 'ends_at'>): TimeRange {
  return { start: shortTime(row.starts_at), end: shortTime(row.ends_at) };
}

/**
 * Hours on a date read from what was typed (as of `today` in London): a day not yet past, a valid
 * range, and none of the hours already set for that day overlapping it.
 */
export function checkDateHours(
  draft: DateHoursDraft,
  today: string,
  saved: readonly DateHours[],
): { ok: true; value: NewDateHours } | { ok: false; errors: DateHoursErrors } {
  const errors: DateHoursErrors = {};
  const day = parseDayFirst(draft.day);
  if (!day.ok) errors.day = day.message;
  else if (day.value === '') errors.day = 'Enter the date, for example 24/12/2026.';
  else if (day.value < today) {
    errors.day = `That day has passed: choose today (${toDayFirst(today)}) or later.`;
  }
  const range = checkRange(draft.start, draft.end);
  if (!range.ok) Object.assign(errors, range.errors);
  if (range.ok && day.ok && day.value) {
    const clash = saved
      .filter((row) => row.on_date === day.value)
      .map(rangeOf)
      .find((other) => rangesOverlap(range.range, other));
    if (clash) errors.range = overlapMessage(clash);
  }
  if (Object.keys(errors).length > 0 || !range.ok || !day.ok) return { ok: false, errors };
  return { ok: true, value: { on_date: day.value, range: range.range } };
}

/** The staff member's hours on dates from today on, by date and time. */
export async function listDateHours(
  client: AppSupabaseClient,
  staffId: string,
  today: string,
): Promise<DateHours[]> {
  const { data, error } = await client
    .from('staff_date_hours')
    .select('id, on_date, starts_at, ends_at')
    .eq('staff_id', staffId)
    .gte('on_date', today)
    .order('on_date', { ascending: true })
    .order('starts_at', { ascending: true });
  if (error) throw availabilityError(error);
  return data ?? [];
}

export async function addDateHours(
  client: AppSupabaseClient,
  staffId: string,
  value: NewDateHours,
): Promise<void> {
  const { error } = await client.from('staff_date_hours').insert({
    staff_id: staffId,
    on_date: value.on_date,
    starts_at: value.range.start,
    ends_at: value.range.end,
  });
  if (error) throw availabilityError(error);
}

export async function removeDateHours(client: AppSupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('staff_date_hours').delete().eq('id', id);
  if (error) throw availabilityError(error);
}
