import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { contactSectionContent } from '@/content/home';
import {
  startBookingOffer,
  type BookingOfferStart,
} from '@/features/consultation/start-booking-offer';
import { ConsultationOffer } from '@/features/contact/consultation-offer';
import { EnquiryFields } from '@/features/contact/enquiry-fields';
import { enquiryLimiter, rateLimitToast } from '@/features/contact/enquiry-rate-limit';
import {
  emptyEnquiry,
  enquirySchema,
  type EnquiryFormValues,
  type EnquiryValues,
} from '@/features/contact/enquiry-schema';
import { EnquirySentNote } from '@/features/contact/enquiry-sent-note';
import { submitEnquiry } from '@/features/contact/submit-enquiry';
import { thankForEnquiry } from '@/features/contact/thank-you-toast';

type ContactFormProps = {
  /** Called once the form is live (hydrated or rendered), with its handlers attached. */
  onReady?: () => void;
};

/** The enquiry form of the home page's contact section. */
export default function ContactForm({ onReady }: ContactFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryFormValues, unknown, EnquiryValues>({
    resolver: zodResolver(enquirySchema),
    defaultValues: emptyEnquiry,
    shouldFocusError: true,
  });

  const [offer, setOffer] = useState<BookingOfferStart | null>(null);
  // Folded away once the enquiry's consultation is booked, until the visitor asks for it again.
  const [formShown, setFormShown] = useState(true);
  const focusFirstField = useRef(false);

  useEffect(() => {
    onReady?.();
  }, [onReady]);

  useEffect(() => {
    if (!formShown || !focusFirstField.current) return;
    focusFirstField.current = false;
    setFocus('fullName');
  }, [formShown, setFocus]);

  const sendAnother = () => {
    focusFirstField.current = true;
    setFormShown(true);
  };

  const onSubmit = async (values: EnquiryValues) => {
    const limiter = enquiryLimiter();
    const status = limiter.check();
    if (status.state !== 'allowed') {
      notify(rateLimitToast(status));
      return;
    }
    limiter.recordAttempt();

    // A filled honeypot is a bot: look successful, send nothing.
    const outcome = values.website
      ? { ok: true as const, bookToken: null }
      : await submitEnquiry(values);
    if (outcome.ok) {
      // The booking code and the free times load side by side from this moment.
      setOffer(outcome.bookToken ? startBookingOffer(outcome.bookToken) : null);
      reset(emptyEnquiry);
      thankForEnquiry({ withOffer: outcome.bookToken !== null });
    } else if (outcome.kind === 'refused') {
      notify({
        title: 'Something went wrong',
        description: outcome.message,
        variant: 'destructive',
      });
    } else {
      notify({
        title: 'Something went wrong',
        description: 'Please try again or contact us directly.',
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      {formShown ? null : <EnquirySentNote onSendAnother={sendAnother} />}
      <form
        hidden={!formShown}
        noValidate
        // Before its code arrives the static form can still be submitted natively: POST keeps
        // what was typed out of the URL (and out of server logs), unlike the default GET.
        method="post"
        aria-label="Enquiry form"
        onSubmit={handleSubmit(onSubmit)}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8"
      >
        <p className="mb-6 text-sm text-ink-muted">
          Fields marked{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <EnquiryFields register={register} errors={errors} />
        <button
          type="submit"
          disabled={isSubmitting}
          className={buttonClass({ size: 'lg', className: 'mt-6 w-full' })}
        >
          {isSubmitting ? contactSectionContent.submittingLabel : contactSectionContent.submitLabel}
        </button>
      </form>
      {offer ? (
        <ConsultationOffer
          key={offer.token}
          offer={offer}
          onBookedChange={(booked) => booked && setFormShown(false)}
        />
      ) : null}
    </>
  );
}
