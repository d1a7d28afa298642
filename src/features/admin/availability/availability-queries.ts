import { queryOptions } from '@tanstack/react-query';

import { getBookingSettings } from '@/features/admin/availability/booking-rules';
import { getBusyCalendarStatus } from '@/features/admin/availability/busy-calendar';
import { getFeedStatus } from '@/features/admin/availability/consultation-feed';
import { listDateHours } from '@/features/admin/availability/date-hours';
import { listTimeOff } from '@/features/admin/availability/time-off';
import { listWeeklyHours } from '@/features/admin/availability/weekly-hours';
import type { AppSupabaseClient } from '@/lib/supabase';

/** The signed-in staff member's own availability: one key per part of the page. */
export const availabilityKeys = {
  all: (staffId: string) => ['admin', 'availability', staffId] as const,
  settings: (staffId: string) => ['admin', 'availability', staffId, 'settings'] as const,
  weeklyHours: (staffId: string) => ['admin', 'availability', staffId, 'weekly-hours'] as const,
  timeOff: (staffId: string, today: string) =>
    ['admin', 'availability', staffId, 'time-off', today] as const,
  dateHours: (staffId: string, today: string) =>
    ['admin', 'availability', staffId, 'date-hours', today] as const,
  busyCalendar: (staffId: string) => ['admin', 'availability', staffId, 'busy-calendar'] as const,
  feed: (staffId: string) => ['admin', 'availability', staffId, 'feed'] as const,
};

export function settingsQuery(client: AppSupabaseClient, staffId: string) {
  return queryOptions({
    queryKey: availabilityKeys.settings(staffId),
    queryFn: () => getBookingSettings(client, staffId),
  });
}

export function weeklyHoursQuery(client: AppSupabaseClient, staffId: string) {
  return queryOptions({
    queryKey: availabilityKeys.weeklyHours(staffId),
    queryFn: () => listWeeklyHours(client, staffId),
  });
}

export function timeOffQuery(client: AppSupabaseClient, staffId: string, today: string) {
  return queryOptions({
    queryKey: availabilityKeys.timeOff(staffId, today),
    queryFn: () => listTimeOff(client, staffId, today),
  });
}

export function dateHoursQuery(client: AppSupabaseClient, staffId: string, today: string) {
  return queryOptions({
    queryKey: availabilityKeys.dateHours(staffId, today),
    queryFn: () => listDateHours(client, staffId, today),
  });
}

export function busyCalendarQuery(client: AppSupabaseClient, staffId: string) {
  return queryOptions({
    queryKey: availabilityKeys.busyCalendar(staffId),
    queryFn: () => getBusyCalendarStatus(client),
  });
}

export function feedQuery(client: AppSupabaseClient, staffId: string) {
  return queryOptions({
    queryKey: availabilityKeys.feed(staffId),
    queryFn: () => getFeedStatus(client),
  });
}
