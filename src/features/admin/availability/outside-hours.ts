import { availabilityError } from '@/features/admin/availability/availability-error';
import type { Database } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

/** A change of availability to check before it is saved; what is left out stays as saved. */
export type AvailabilityChange = {
  /** The whole week as it would be, replacing the saved one. */
  weeklyHours?: { weekday: number; starts_at: string; ends_at: string }[];
  /** Days off to add. */
  timeOff?: { starts_on: string; ends_on: string }[];
  /** Hours on a date to add. */
  dateHours?: { on_date: string; starts_at: string; ends_at: string }[];
};

/** A booked consultation to come that the change leaves on a day off or outside the hours. */
export type OutsideBooking =
  Database['public']['Functions']['consultations_outside_hours']['Returns'][number];

/** Why a consultation is outside, in words. */
export function outsideReason(reason: string): string {
  return reason === 'day_off' ? 'on a day off' : 'outside your hours';
}

/**
 * The signed-in staff member's booked consultations still to come that would fall outside their
 * availability after `change` (an empty change checks what is saved), soonest first.
 */
export async function listConsultationsOutsideHours(
  client: AppSupabaseClient,
  change: AvailabilityChange,
): Promise<OutsideBooking[]> {
  const { data, error } = await client.rpc('consultations_outside_hours', {
    ...(change.weeklyHours ? { p_weekly_hours: change.weeklyHours } : {}),
    ...(change.timeOff ? { p_time_off: change.timeOff } : {}),
    ...(change.dateHours ? { p_date_hours: change.dateHours } : {}),
  });
  if (error) throw availabilityError(error);
  return data ?? [];
}
