import { queryOptions } from '@tanstack/react-query';

import {
  listEnquiryConsultations,
  listMoveSlots,
  listUpcomingConsultations,
} from '@/features/admin/consultations/consultation-bookings';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The lists sit under the enquiries' key, so a change to an enquiry (a consultation moved or
 * cancelled among them) reloads them with the timeline and the record. The free times of a move
 * do not: they are read when the move starts, and again only when a time was just taken.
 */
export const consultationKeys = {
  upcoming: (limit: number) => ['admin', 'enquiries', 'consultations', 'upcoming', limit] as const,
  ofEnquiry: (enquiryId: string) =>
    ['admin', 'enquiries', 'consultations', 'enquiry', enquiryId] as const,
  moveSlots: (bookingId: string) => ['admin', 'consultation-move-slots', bookingId] as const,
};

export function upcomingQuery(client: AppSupabaseClient, limit: number) {
  return queryOptions({
    queryKey: consultationKeys.upcoming(limit),
    queryFn: () => listUpcomingConsultations(client, limit),
  });
}

export function enquiryConsultationsQuery(client: AppSupabaseClient, enquiryId: string) {
  return queryOptions({
    queryKey: consultationKeys.ofEnquiry(enquiryId),
    queryFn: () => listEnquiryConsultations(client, enquiryId),
  });
}

export function moveSlotsQuery(client: AppSupabaseClient, bookingId: string) {
  return queryOptions({
    queryKey: consultationKeys.moveSlots(bookingId),
    queryFn: () => listMoveSlots(client, bookingId),
  });
}
