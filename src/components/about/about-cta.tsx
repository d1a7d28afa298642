import { ContactLink } from '@/components/layout/contact-link';
import { buttonClass } from '@/components/ui/button-styles';
import { Particles } from '@/components/ui/particles';
import { aboutCta } from '@/content/about';

/**
 * Closing call to action: "Contact Us Today" goes to the home page's contact section. A design of
 * its own rather than a CtaBanner: particles instead of the corner glow, a shadow, and the About
 * page's spacing; it shares the brand gradient (`bg-brand-gradient`).
 */
export function AboutCta() {
  return (
    <section aria-labelledby="about-cta-title" className="pb-20 sm:pb-24">
      <div className="container-page">
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-gradient px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-16">
          <h2 id="about-cta-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {aboutCta.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-200">{aboutCta.body}</p>
          <ContactLink
            className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            {aboutCta.cta.label}
          </ContactLink>
          <Particles count={24} seed={11} className="-z-10" />
        </div>
      </div>
    </section>
  );
}
