import { ContactLink } from '@/components/layout/contact-link';
import { buttonClass } from '@/components/ui/button-styles';
import { CtaBanner } from '@/components/ui/cta-banner';
import { ArrowRightIcon } from '@/components/ui/icons';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { serviceDetailCopy } from '@/content/page-copy';
import type { PillarId } from '@/content/types';

/** The closing banner of a service page: "Book Free Consultation" to the home contact section. */
export function ServiceClosingCta({ pillar }: { pillar: PillarId }) {
  const { closing } = serviceDetailCopy;
  return (
    <CtaBanner
      id="service-cta-heading"
      heading={closing.heading}
      body={closing.body}
      surface={pillarTheme(pillar).heroGradient}
    >
      <ContactLink className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}>
        {closing.cta.label}
        <ArrowRightIcon />
      </ContactLink>
    </CtaBanner>
  );
}
