import { Link } from 'react-router';

import { ContactLink } from '@/components/layout/contact-link';
import { Seo } from '@/components/layout/seo';
import { CONTACT_SECTION_ID, paths } from '@/config/paths';
import { faqItems } from '@/content/faq';
import {
  faqPageJsonLd,
  organizationJsonLd,
  professionalServiceJsonLd,
} from '@/lib/seo/structured-data';

export default function HomePage() {
  return (
    <>
      <Seo
        title="Kestrel Data | Data & AI Consultancy UK"
        description="UK data and AI consultancy: data strategy, governance, generative AI and digital transformation for business and the public sector. Book a free strategy call."
        path={paths.home}
        jsonLd={[organizationJsonLd(), professionalServiceJsonLd(), faqPageJsonLd(faqItems)]}
      />
      <section className="container-page py-20">
        <h1 className="text-display text-ink">Transform Your Business with Data &amp; AI</h1>
        <div className="mt-8 flex flex-wrap gap-4">
          <ContactLink className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">
            Book a Strategy Call
          </ContactLink>
          <Link to={paths.caseStudies} className="rounded-md border px-5 py-3 font-semibold">
            View Our Work
          </Link>
        </div>
      </section>
      <div className="h-[150vh]" />
      <section id={CONTACT_SECTION_ID} aria-labelledby="contact-title" className="container-page py-20">
        <h2 id="contact-title" className="text-display-sm">
          Ready to Transform Your Data Strategy?
        </h2>
      </section>
    </>
  );
}
