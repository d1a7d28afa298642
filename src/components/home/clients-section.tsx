import { ClientCarousel } from '@/components/home/client-carousel';
import { SectionHeading } from '@/components/ui/section-heading';
import { clientsSectionContent } from '@/content/home';

/** "Trusted by" band holding the client logo carousel. */
export function ClientsSection() {
  return (
    <section
      aria-labelledby="clients-title"
      className="border-y border-slate-200 bg-white py-16 sm:py-20"
    >
      <div className="container-page">
        <SectionHeading
          id="clients-title"
          eyebrow="Our clients"
          title={<span className="block text-balance">{clientsSectionContent.heading}</span>}
          intro={clientsSectionContent.intro}
        />
        <div className="mt-10">
          <ClientCarousel />
        </div>
      </div>
    </section>
  );
}
