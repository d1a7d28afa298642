import { useState } from 'react';

import { Seo } from '@/components/layout/seo';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { ConsultationBooking } from '@/features/consultation/consultation-booking';
import { ConsultationConfirm } from '@/features/consultation/consultation-confirm';
import { ConsultationManage } from '@/features/consultation/consultation-manage';
import {
  brokenLinkMessage,
  missingLinkMessage,
} from '@/features/consultation/consultation-messages';
import { replaceLinkToken, useLinkToken, type LinkToken } from '@/features/consultation/link-token';
import { ProblemPanel } from '@/features/consultation/problem-panel';

const minutes = limits.freeConsultationMinutes;

const intros: Record<LinkToken['kind'], string> = {
  book: `Choose a day and a time for a ${minutes}-minute call with one of our consultants about your enquiry. It is free.`,
  manage: `Your ${minutes}-minute call with one of our consultants: move it to another time or cancel it here.`,
  confirm: `Your free ${minutes}-minute call with one of our consultants: confirming that the time is yours.`,
  none: `A free ${minutes}-minute call with one of our consultants about your enquiry.`,
  broken: `A free ${minutes}-minute call with one of our consultants about your enquiry.`,
};

type LinkContentProps = {
  link: LinkToken | null;
  /** Told whether the book token's consultation has just been booked here. */
  onBookedChange: (booked: boolean) => void;
};

function LinkContent({ link, onBookedChange }: LinkContentProps) {
  if (!link) return <Spinner label="Opening your link" className="flex justify-center py-8" />;
  switch (link.kind) {
    case 'book':
      return (
        <ConsultationBooking
          key={link.token}
          token={link.token}
          headingLevel={2}
          onManageToken={replaceLinkToken}
          onBookedChange={onBookedChange}
        />
      );
    case 'manage':
      return (
        <ConsultationManage
          key={link.token}
          token={link.token}
          headingLevel={2}
          onManageToken={replaceLinkToken}
        />
      );
    case 'confirm':
      return <ConsultationConfirm key={link.token} token={link.token} headingLevel={2} />;
    case 'none':
      return <ProblemPanel message={missingLinkMessage} headingLevel={2} />;
    case 'broken':
      return <ProblemPanel message={brokenLinkMessage} headingLevel={2} />;
  }
}

const tokenOf = (link: LinkToken | null) => (link && 'token' in link ? link.token : null);

/**
 * The page a booking link opens (`/consultation#<token>`): a book token's free times, a manage
 * token's booking with Reschedule and Cancel, or a confirm token's held booking made firm; a link that does not parse says so without
 * asking the backend. Rendered ahead as an empty shell: the token
 * lives in the fragment, which only the browser reads, and supabase-js loads only once it has.
 */
export default function ConsultationPage() {
  const link = useLinkToken();
  // The book token whose consultation was booked on this page: the intro then speaks of it.
  const [bookedWith, setBookedWith] = useState<string | null>(null);
  const booked = bookedWith !== null && bookedWith === tokenOf(link);
  return (
    <>
      <Seo
        title="Your Free Consultation"
        description={`Book, move or cancel your free ${minutes}-minute consultation with a Kestrel Data consultant.`}
        path={paths.consultation}
        noindex
      />
      <section className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Your free consultation
          </h1>
          <p className="mt-3 text-lg text-ink-muted">
            {intros[booked ? 'manage' : (link?.kind ?? 'none')]}
          </p>
          <div className="mt-8 min-h-80 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
            <LinkContent
              link={link}
              onBookedChange={(isBooked) => setBookedWith(isBooked ? tokenOf(link) : null)}
            />
          </div>
        </div>
      </section>
    </>
  );
}
