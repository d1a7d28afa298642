import { buttonClass } from '@/components/ui/button-styles';
import { CtaBanner } from '@/components/ui/cta-banner';
import { ArrowRightIcon } from '@/components/ui/icons';
import { servicesPageContent } from '@/content/page-copy';

/** Closing banner of /services: "Get Started Today" (home) and "View Success Stories". */
export function ServicesClosingBanner() {
  const { closing } = servicesPageContent;
  return (
    <CtaBanner
      id="services-closing-heading"
      heading={closing.heading}
      body={closing.body}
      glow="right"
    >
      <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
        <a
          href={closing.primaryCta.href}
          className={buttonClass({ variant: 'inverse', size: 'lg' })}
        >
          {closing.primaryCta.label}
          <ArrowRightIcon />
        </a>
        <a
          href={closing.secondaryCta.href}
          className={buttonClass({ variant: 'inverseOutline', size: 'lg' })}
        >
          {closing.secondaryCta.label}
        </a>
      </div>
    </CtaBanner>
  );
}
