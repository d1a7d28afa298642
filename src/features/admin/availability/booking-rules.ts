import { availabilityError } from '@/features/admin/availability/availability-error';
import type { Tables } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';
import { LONDON_TIME_ZONE } from '@shared/time-zone';

/** The staff member's booking settings (staff_availability); none until they first save. */
export type BookingSettings = Pick<
  Tables<'staff_availability'>,
  'time_zone' | 'buffer_minutes' | 'min_notice_minutes' | 'horizon_days' | 'accepts_bookings'
>;

/** The database's defaults, which apply to a staff member without a row. */
export const DEFAULT_SETTINGS: BookingSettings = {
  time_zone: LONDON_TIME_ZONE,
  buffer_minutes: 15,
  min_notice_minutes: 120,
  horizon_days: 14,
  accepts_bookings: true,
};

/** The database's bounds on each rule (check constraints of staff_availability). */
export const RULE_LIMITS = {
  bufferMinutes: 240,
  noticeHours: 168,
  horizonDays: 90,
} as const;

/** The three rules as typed: buffer in minutes, notice in hours, how far ahead in days. */
export type RulesDraft = { buffer: string; notice: string; horizon: string };

export type RulesErrors = Partial<Record<keyof RulesDraft, string>>;

export type Rules = Pick<BookingSettings, 'buffer_minutes' | 'min_notice_minutes' | 'horizon_days'>;

/** "1.5" for 90 minutes: notice is typed in hours. */
function hoursText(minutes: number): string {
  return String(Math.round((minutes / 60) * 1000) / 1000);
}

export function rulesDraftOf(settings: BookingSettings): RulesDraft {
  return {
    buffer: String(settings.buffer_minutes),
    notice: hoursText(settings.min_notice_minutes),
    horizon: String(settings.horizon_days),
  };
}

/** A typed number, or null when the text is not one ("1,5" is read as 1.5). */
function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/** The rules read from what was typed, or a message per field that cannot be saved. */
export function checkRules(
  draft: RulesDraft,
): { ok: true; rules: Rules } | { ok: false; errors: RulesErrors } {
  const errors: RulesErrors = {};
  const buffer = readNumber(draft.buffer);
  if (buffer === null || !Number.isInteger(buffer) || buffer > RULE_LIMITS.bufferMinutes) {
    errors.buffer = `Enter the buffer in whole minutes, from 0 to ${RULE_LIMITS.bufferMinutes}.`;
  }
  const notice = readNumber(draft.notice);
  const noticeMinutes = notice === null ? null : Math.round(notice * 60);
  if (notice === null || noticeMinutes === null || notice > RULE_LIMITS.noticeHours) {
    errors.notice = `Enter the notice in hours, from 0 to ${RULE_LIMITS.noticeHours} (a week), for example 2 or 1.5.`;
  } else if (Math.abs(notice * 60 - noticeMinutes) > 1e-9) {
    errors.notice = 'The notice must come to whole minutes, for example 1.5 hours (90 minutes).';
  }
  const horizon = readNumber(draft.horizon);
  if (
    horizon === null ||
    !Number.isInteger(horizon) ||
    horizon < 1 ||
    horizon > RULE_LIMITS.horizonDays
  ) {
    errors.horizon = `Enter how far ahead in whole days, from 1 to ${RULE_LIMITS.horizonDays}.`;
  }
  if (
    buffer === null ||
    noticeMinutes === null ||
    horizon === null ||
    Object.keys(errors).length > 0
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    rules: { buffer_minutes: buffer, min_notice_minutes: noticeMinutes, horizon_days: horizon },
  };
}

/** The staff member's settings, or null before they first saved any. */
export async function getBookingSettings(
  client: AppSupabaseClient,
  staffId: string,
): Promise<BookingSettings | null> {
  const { data, error } = await client
    .from('staff_availability')
    .select('time_zone, buffer_minutes, min_notice_minutes, horizon_days, accepts_bookings')
    .eq('staff_id', staffId)
    .maybeSingle();
  if (error) throw availabilityError(error);
  return data;
}

/**
 * Saves some settings (the row is made on the first save, with the defaults for the rest) and
 * returns the row as the database now holds it.
 */
export async function saveBookingSettings(
  client: AppSupabaseClient,
  staffId: string,
  change: Partial<Omit<BookingSettings, 'time_zone'>>,
): Promise<BookingSettings> {
  const { data, error } = await client
    .from('staff_availability')
    .upsert({ staff_id: staffId, ...change }, { onConflict: 'staff_id' })
    .select('time_zone, buffer_minutes, min_notice_minutes, horizon_days, accepts_bookings')
    .single();
  if (error) throw availabilityError(error);
  return data;
}

/**
 * Makes the staff member's settings row, with the defaults, when there is none: their hours and
 * days off belong to it.
 */
export async function ensureBookingSettings(
  client: AppSupabaseClient,
  staffId: string,
): Promise<void> {
  const { error } = await client
    .from('staff_availability')
    .upsert({ staff_id: staffId }, { onConflict: 'staff_id', ignoreDuplicates: true });
  if (error) throw availabilityError(error);
}
