import { buttonClass } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { servicesPageContent } from '@/content/page-copy';

/** Closing banner of /services: "Get Started Today" (home) and "View Success Stories". */
export function ServicesClosingBanner() {
  const { closing } = servicesPageContent;
  return (
    <section aria-labelledby="services-closing-heading" className="container-page py-16 sm:py-20">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-ink via-brand-900 to-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_20%,rgba(255,255,255,0.14),transparent_45%)]"
        />
        <div className="relative mx-auto max-w-2xl">
          <h2
            id="services-closing-heading"
            className="text-3xl font-extrabold tracking-tight sm:text-4xl"
          >
            {closing.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-100">{closing.body}</p>
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
        </div>
      </div>
    </section>
  );
}
