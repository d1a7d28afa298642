import type { ReactNode } from 'react';

import { ContactPlaceholder } from '@/components/home/contact-placeholder';
import { CheckCircleIcon } from '@/components/ui/check-circle-icon';
import { Particles } from '@/components/ui/particles';
import { CONTACT_SECTION_ID } from '@/config/paths';
import { site } from '@/config/site';
import { contactSectionContent } from '@/content/home';

type ContactSectionProps = {
  /** The enquiry form. Until it lands, a card with the contact e-mail holds its place and size. */
  form?: ReactNode;
};

/**
 * The home page's contact section (anchor #contact): headline, invitation, the three benefits
 * (large screens only) and the enquiry form beside them.
 */
export function ContactSection({ form }: ContactSectionProps) {
  return (
    <section
      id={CONTACT_SECTION_ID}
      aria-labelledby="contact-title"
      className="relative isolate scroll-mt-header overflow-clip bg-brand-gradient py-20 text-white outline-none sm:py-24"
    >
      <Particles count={12} seed={7} layout="top" className="-z-10" />
      <div className="container-page grid gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-16">
        <div className="lg:sticky lg:top-28 lg:self-start lg:pt-6">
          <p className="text-sm font-bold tracking-widest text-brand-200 uppercase">Get in touch</p>
          <h2
            id="contact-title"
            className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
          >
            {contactSectionContent.headline}
          </h2>
          <p className="mt-5 text-lg leading-8 text-slate-200">{contactSectionContent.subtext}</p>
          <ul
            aria-label="What you get"
            className="mt-8 hidden space-y-4 lg:block"
            data-testid="contact-benefits"
          >
            {contactSectionContent.benefits.map((benefit) => (
              <li key={benefit} className="flex items-center gap-3 text-lg font-medium">
                <CheckCircleIcon className="size-7 shrink-0 text-emerald-300" />
                {benefit}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-slate-300">{contactSectionContent.replyPromise}</p>
          <p className="mt-2 text-sm text-slate-300">
            Prefer e-mail? Write to{' '}
            <a
              href={`mailto:${site.contactEmail}`}
              className="font-semibold text-white underline underline-offset-4"
            >
              {site.contactEmail}
            </a>
            .
          </p>
        </div>
        <div>{form ?? <ContactPlaceholder />}</div>
      </div>
    </section>
  );
}
