import { useEffect, useId, useRef, useState } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { limits, site } from '@/config/site';
import type { BookingOfferStart } from '@/features/consultation/start-booking-offer';
import { prefersReducedMotion } from '@/lib/scroll-to-section';

type Widget = Awaited<BookingOfferStart['widget']>;

type ConsultationOfferProps = {
  offer: BookingOfferStart;
  /** Told true once the consultation is booked, false when the visitor chooses a time again. */
  onBookedChange?: (booked: boolean) => void;
};

/**
 * Below the enquiry form once an enquiry has been sent: the offer of a free consultation, booked
 * for that enquiry (nothing to fill in again). Its code and the free times were asked for the
 * moment the enquiry succeeded; until they are in, a spinner holds the place. Once booked, the
 * invitation to choose a time folds away and the confirmation leads (its heading takes focus);
 * the offer's heading stays for screen readers, naming the region.
 */
export function ConsultationOffer({ offer, onBookedChange }: ConsultationOfferProps) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const [widget, setWidget] = useState<{ Booking: Widget } | 'failed' | null>(null);
  const [booked, setBooked] = useState(false);

  const bookedChange = (isBooked: boolean) => {
    setBooked(isBooked);
    onBookedChange?.(isBooked);
  };

  useEffect(() => {
    let live = true;
    offer.widget.then(
      (Booking) => live && setWidget({ Booking }),
      () => live && setWidget('failed'),
    );
    return () => {
      live = false;
    };
  }, [offer]);

  useEffect(() => {
    // A glide, except for people who ask for reduced motion. The page's scroll padding alone puts
    // it just under the header, where the thank-you toast covers its heading and nothing the
    // visitor could press.
    section.current?.scrollIntoView?.({
      block: 'start',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [offer]);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-ink shadow-xl shadow-slate-900/5 sm:p-8"
    >
      <h3
        id={headingId}
        className={booked ? 'sr-only' : 'text-2xl font-bold tracking-tight text-ink'}
      >
        Book your free {limits.freeConsultationMinutes}-minute consultation
      </h3>
      {booked ? null : (
        <p className="mt-2 mb-6 text-ink-muted">
          Choose a time for a call with one of our consultants about the enquiry you have just sent.
        </p>
      )}
      {widget === null ? (
        <Spinner label="Finding free times" className="flex justify-center py-8" />
      ) : widget === 'failed' ? (
        <p role="alert" className="font-medium text-ink">
          The booking calendar could not load. The e-mail we have sent you has a link to book, or
          write to {site.contactEmail}.
        </p>
      ) : (
        <widget.Booking
          token={offer.token}
          slotsRequest={offer.slotsRequest}
          headingLevel={4}
          onBookedChange={bookedChange}
        />
      )}
    </section>
  );
}
