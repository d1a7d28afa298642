import { AccreditationsSection } from '@/components/home/accreditations-section';
import { AwardSection } from '@/components/home/award-section';
import { ClientsSection } from '@/components/home/clients-section';
import { ContactSection } from '@/components/home/contact-section';
import { FrameworksSection } from '@/components/home/frameworks-section';
import { HomeHero } from '@/components/home/home-hero';
import { ServicesTabs } from '@/components/home/services-tabs';
import { TestimonialsSection } from '@/components/home/testimonials-section';
import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { routeMeta } from '@/content/seo';
import { DeferredContactForm } from '@/features/contact/deferred-contact-form';
import { StaticIsland } from '@/page-loading/static-island';

const meta = routeMeta[paths.home];

export default function HomePage() {
  return (
    <>
      <Seo
        title={meta.title}
        description={meta.description}
        keywords={[...site.defaultKeywords, ...(meta.keywords ?? [])]}
        path={paths.home}
      />
      <HomeHero />
      <ServicesTabs />
      <StaticIsland>
        <AwardSection />
        <TestimonialsSection />
      </StaticIsland>
      <ClientsSection />
      <StaticIsland>
        <FrameworksSection />
      </StaticIsland>
      <AccreditationsSection />
      <ContactSection form={<DeferredContactForm />} />
    </>
  );
}
