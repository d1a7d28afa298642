import { parseDayFirst, toDayFirst } from '@/components/ui/day-first-date-input';
import { availabilityError } from '@/features/admin/availability/availability-error';
import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type TimeOff = Pick<Tables<'staff_time_off'>, 'id' | 'starts_on' | 'ends_on' | 'note'>;

/** The database's bound on a note (staff_time_off). */
export const MAX_TIME_OFF_NOTE_LENGTH = 200;

/** Days off as typed: the first and last day (day first) and an optional note. */
export type TimeOffDraft = { first: string; last: string; note: string };
export type TimeOffErrors = Partial<Record<keyof TimeOffDraft, string>>;
export type NewTimeOff = { starts_on: string; ends_on: string; note: string | null };

/**
 * Days off read from what was typed (as of `today` in London): a first day, a last day on or after
 * it (the first day again when left blank) and not already past, a note of at most 200 characters.
 */
export function checkTimeOff(
  draft: TimeOffDraft,
  today: string,
): { ok: true; value: NewTimeOff } | { ok: false; errors: TimeOffErrors } {
  const errors: TimeOffErrors = {};
  const first = parseDayFirst(draft.first);
  const last = parseDayFirst(draft.last);
  if (!first.ok) errors.first = first.message;
  else if (first.value === '') errors.first = 'Enter the first day off, for example 24/12/2026.';
  if (!last.ok) errors.last = last.message;
  const startsOn = first.ok ? first.value : '';
  const endsOn = last.ok ? last.value || startsOn : '';
  if (startsOn && endsOn && endsOn < startsOn) {
    errors.last = `The last day (${toDayFirst(endsOn)}) is before the first (${toDayFirst(startsOn)}).`;
  } else if (endsOn && endsOn < today && !errors.last) {
    errors.last = `These days have passed: the last day off must be today (${toDayFirst(today)}) or later.`;
  }
  const note = draft.note.trim();
  if (note.length > MAX_TIME_OFF_NOTE_LENGTH) {
    errors.note = `A note can be at most ${MAX_TIME_OFF_NOTE_LENGTH} characters; this one has ${note.length}.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { starts_on: startsOn, ends_on: endsOn, note: note || null } };
}

/** The staff member's days off that have not all passed, the soonest first. */
export async function listTimeOff(
  client: AppSupabaseClient,
  staffId: string,
  today: string,
): Promise<TimeOff[]> {
  const { data, error } = await client
    .from('staff_time_off')
    .select('id, starts_on, ends_on, note')
    .eq('staff_id', staffId)
    .gte('ends_on', today)
    .order('starts_on', { ascending: true });
  if (error) throw availabilityError(error);
  return data ?? [];
}

export async function addTimeOff(
  client: AppSupabaseClient,
  staffId: string,
  value: NewTimeOff,
): Promise<void> {
  const { error } = await client.from('staff_time_off').insert({ staff_id: staffId, ...value });
  if (error) throw availabilityError(error);
}

export async function removeTimeOff(client: AppSupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('staff_time_off').delete().eq('id', id);
  if (error) throw availabilityError(error);
}
