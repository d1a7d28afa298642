import { ContactLink } from '@/components/layout/contact-link';
import { buttonClass } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { serviceDetailCopy } from '@/content/page-copy';
import type { PillarId } from '@/content/types';

/** The closing banner of a service page: "Book Free Consultation" to the home contact section. */
export function ServiceClosingCta({ pillar }: { pillar: PillarId }) {
  const theme = pillarTheme(pillar);
  const { closing } = serviceDetailCopy;
  return (
    <section aria-labelledby="service-cta-heading" className="container-page py-16 sm:py-20">
      <div
        className={`relative overflow-hidden rounded-3xl px-6 py-12 text-center text-white sm:px-12 sm:py-16 ${theme.heroGradient}`}
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_15%_20%,rgba(255,255,255,0.14),transparent_45%)]"
        />
        <div className="relative mx-auto max-w-2xl">
          <h2
            id="service-cta-heading"
            className="text-3xl font-extrabold tracking-tight sm:text-4xl"
          >
            {closing.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-100">{closing.body}</p>
          <ContactLink
            className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            {closing.cta.label}
            <ArrowRightIcon />
          </ContactLink>
        </div>
      </div>
    </section>
  );
}
