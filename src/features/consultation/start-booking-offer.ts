import {
  requestConsultationSlots,
  type ConsultationSlots,
} from '@/features/consultation/consultation-api';
import type { ConsultationBooking } from '@/features/consultation/consultation-booking';

/** The booking widget, the first slots request, and the token they are for. */
export type BookingOfferStart = {
  token: string;
  slotsRequest: Promise<ConsultationSlots>;
  widget: Promise<typeof ConsultationBooking>;
};

/**
 * Starts the booking code's chunk and the first slots request together, so the free times are
 * on screen one round trip after the enquiry, not two. The widget is never part of a page's
 * first load: only an enquiry that came back with a book token asks for it.
 */
export function startBookingOffer(token: string): BookingOfferStart {
  const slotsRequest = requestConsultationSlots(token);
  // The widget reports a failed request; until it takes the promise, it is not unhandled.
  slotsRequest.catch(() => {});
  const widget = import('@/features/consultation/consultation-booking').then(
    (module) => module.ConsultationBooking,
  );
  return { token, slotsRequest, widget };
}
