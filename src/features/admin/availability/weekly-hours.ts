import { availabilityError } from '@/features/admin/availability/availability-error';
import {
  checkRange,
  overlapMessage,
  overlapsWithin,
  shortTime,
  type RangeErrors,
  type TimeRange,
} from '@/features/admin/availability/time-of-day';
import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type WeeklyHoursRow = Pick<
  Tables<'staff_weekly_hours'>,
  'id' | 'weekday' | 'starts_at' | 'ends_at'
>;

/** ISO weekdays, Monday first, as the database numbers them. */
export const WEEKDAYS = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 7, name: 'Sunday' },
] as const;

/** A range in the editor: what was typed, and the saved row it came from (none when new). */
export type DraftRange = { key: string; id?: string; start: string; end: string };

/** The week in the editor, by ISO weekday. */
export type DraftWeek = Record<number, DraftRange[]>;

let drafted = 0;
/** A key for a range added in the editor, unique on the page. */
export function newDraftKey(): string {
  drafted += 1;
  return `new-${drafted}`;
}

/** The hours a staff member who has never set any is offered to start from: Mon–Fri 09:00–17:00. */
export function defaultWeek(): DraftWeek {
  return Object.fromEntries(
    WEEKDAYS.map(({ weekday }) => [
      weekday,
      weekday <= 5 ? [{ key: newDraftKey(), start: '09:00', end: '17:00' }] : [],
    ]),
  );
}

/** The saved rows as the editor shows them, each day's ranges in order. */
export function draftWeekOf(rows: readonly WeeklyHoursRow[]): DraftWeek {
  const week: DraftWeek = Object.fromEntries(WEEKDAYS.map(({ weekday }) => [weekday, []]));
  const sorted = [...rows].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  for (const row of sorted) {
    week[row.weekday]?.push({
      key: row.id,
      id: row.id,
      start: shortTime(row.starts_at),
      end: shortTime(row.ends_at),
    });
  }
  return week;
}

export type CheckedWeek =
  | { ok: true; ranges: { weekday: number; range: TimeRange; id?: string }[] }
  | { ok: false; errors: Record<string, RangeErrors>; count: number };

/** Every range of the week read and checked: each valid, and none overlapping another that day. */
export function checkWeek(week: DraftWeek): CheckedWeek {
  const errors: Record<string, RangeErrors> = {};
  const ranges: { weekday: number; range: TimeRange; id?: string }[] = [];
  for (const { weekday } of WEEKDAYS) {
    const day = week[weekday] ?? [];
    const checked = day.map((draft) => checkRange(draft.start, draft.end));
    const overlaps = overlapsWithin(checked.map((result) => (result.ok ? result.range : null)));
    day.forEach((draft, index) => {
      const result = checked[index]!;
      const other = overlaps[index];
      if (!result.ok) errors[draft.key] = result.errors;
      else if (other) errors[draft.key] = { range: overlapMessage(other) };
      else ranges.push({ weekday, range: result.range, id: draft.id });
    });
  }
  const count = Object.keys(errors).length;
  return count === 0 ? { ok: true, ranges } : { ok: false, errors, count };
}

/**
 * What saving the week changes: the saved rows to delete (removed or changed) and the ranges to
 * insert (new or changed). Computed against the rows the database holds now, so a save that
 * failed half way is finished by the next one.
 */
export function weekChanges(
  saved: readonly WeeklyHoursRow[],
  ranges: Extract<CheckedWeek, { ok: true }>['ranges'],
): { deleteIds: string[]; inserts: { weekday: number; range: TimeRange }[] } {
  const kept = new Set<string>();
  const inserts: { weekday: number; range: TimeRange }[] = [];
  for (const { weekday, range, id } of ranges) {
    const row = saved.find((candidate) => candidate.id === id);
    const unchanged =
      row !== undefined &&
      row.weekday === weekday &&
      shortTime(row.starts_at) === range.start &&
      shortTime(row.ends_at) === range.end;
    if (unchanged) kept.add(row.id);
    else inserts.push({ weekday, range });
  }
  const deleteIds = saved.filter((row) => !kept.has(row.id)).map((row) => row.id);
  return { deleteIds, inserts };
}

/** The staff member's weekly hours. */
export async function listWeeklyHours(
  client: AppSupabaseClient,
  staffId: string,
): Promise<WeeklyHoursRow[]> {
  const { data, error } = await client
    .from('staff_weekly_hours')
    .select('id, weekday, starts_at, ends_at')
    .eq('staff_id', staffId)
    .order('weekday', { ascending: true })
    .order('starts_at', { ascending: true });
  if (error) throw availabilityError(error);
  return data ?? [];
}

/**
 * Saves the week: first deletes the rows that went or changed, then inserts the new ranges (in
 * that order, so a range moved within its day never overlaps its old self).
 */
export async function saveWeeklyHours(
  client: AppSupabaseClient,
  staffId: string,
  changes: ReturnType<typeof weekChanges>,
): Promise<void> {
  if (changes.deleteIds.length > 0) {
    const { error } = await client.from('staff_weekly_hours').delete().in('id', changes.deleteIds);
    if (error) throw availabilityError(error);
  }
  if (changes.inserts.length > 0) {
    const { error } = await client.from('staff_weekly_hours').insert(
      changes.inserts.map(({ weekday, range }) => ({
        staff_id: staffId,
        weekday,
        starts_at: range.start,
        ends_at: range.end,
      })),
    );
    if (error) throw availabilityError(error);
  }
}

/** A week from a draft, each new range given a key unique on this page (saved ones keep theirs). */
export function restoredWeek(draft: DraftWeek): DraftWeek {
  return Object.fromEntries(
    WEEKDAYS.map(({ weekday }) => [
      weekday,
      (draft[weekday] ?? []).map((range) => ({
        ...range,
        key: range.id ?? newDraftKey(),
      })),
    ]),
  );
}

/** Whether two weeks in the editor hold the same ranges (the same saved rows, the same text). */
export function sameWeek(a: DraftWeek, b: DraftWeek): boolean {
  const text = (week: DraftWeek) =>
    JSON.stringify(
      WEEKDAYS.map(({ weekday }) =>
        (week[weekday] ?? []).map(({ id, start, end }) => [id ?? null, start, end]),
      ),
    );
  return text(a) === text(b);
}

/** The week checked and ready to save, as consultations_outside_hours() reads a week. */
export function weekAsHours(
  ranges: Extract<CheckedWeek, { ok: true }>['ranges'],
): { weekday: number; starts_at: string; ends_at: string }[] {
  return ranges.map(({ weekday, range }) => ({
    weekday,
    starts_at: range.start,
    ends_at: range.end,
  }));
}
