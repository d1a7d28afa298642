import { use } from 'react';
import { useParams } from 'react-router';

import { Seo } from '@/components/layout/seo';
import { RelatedServices } from '@/components/services/related-services';
import { ServiceApproach } from '@/components/services/service-approach';
import { ServiceClosingCta } from '@/components/services/service-closing-cta';
import { ServiceHero } from '@/components/services/service-hero';
import { ServiceMetrics } from '@/components/services/service-metrics';
import { ServiceNotFound } from '@/components/services/service-not-found';
import { ServiceOutcomes } from '@/components/services/service-outcomes';
import { ServiceSection } from '@/components/services/service-section';
import { ServiceTestimonial } from '@/components/services/service-testimonial';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { paths } from '@/config/paths';
import { serviceDetailCopy } from '@/content/page-copy';
import { getPillarLabel } from '@/content/pillars';
import { getServiceMeta } from '@/content/seo';
import { getServiceSummary } from '@/content/service-catalogue';
import { loadServicesFor } from '@/content/service-details';
import type { ServiceSummary } from '@/content/types';
import { BelowTheFold } from '@/page-loading/below-the-fold';
import { StaticIsland } from '@/page-loading/static-island';

const { sections } = serviceDetailCopy;

export default function ServiceDetailPage() {
  const { slug = '' } = useParams();
  const summary = getServiceSummary(slug);

  if (!summary) {
    return (
      <>
        <Seo
          title={serviceDetailCopy.notFound.heading}
          description="The service you were looking for does not exist. Browse all of our data, AI and digital services."
          path={paths.service(slug)}
          noindex
        />
        <ServiceNotFound />
      </>
    );
  }

  return <ServiceDetail summary={summary} />;
}

/** The page of a known service; its copy is preloaded with the route. */
function ServiceDetail({ summary }: { summary: ServiceSummary }) {
  const { slug, pillar } = summary;
  const service = use(loadServicesFor(summary)).find((item) => item.slug === slug);
  if (!service) throw new Error(`The service copy has no "${slug}"`);

  const path = paths.service(service.slug);
  const meta = getServiceMeta(service);
  const tint = pillarTheme(pillar).tint;
  const related = service.relatedServices
    .filter((related) => related !== service.slug)
    .flatMap((related) => getServiceSummary(related) ?? []);
  return (
    <>
      <Seo title={meta.title} description={meta.description} keywords={meta.keywords} path={path} />
      <ServiceHero
        slug={slug}
        pillar={pillar}
        pillarLabel={getPillarLabel(pillar)}
        title={service.title}
        description={service.description}
        timeline={service.timeline}
      />
      <StaticIsland>
        <ServiceSection id="what-we-do" title={sections.whatWeDo}>
          <div className="max-w-prose space-y-5 text-lg leading-8 text-ink-soft">
            {service.detailedDescription.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        </ServiceSection>
      </StaticIsland>
      <BelowTheFold>
        <StaticIsland>
          <ServiceSection id="results" title={sections.metrics} tint={tint} layout="stacked">
            <ServiceMetrics pillar={pillar} metrics={service.metrics} />
          </ServiceSection>
          <ServiceSection
            id="approach"
            title={sections.approach}
            intro={`A typical engagement runs ${service.timeline}.`}
          >
            <ServiceApproach pillar={pillar} steps={service.approach} />
          </ServiceSection>
          <ServiceOutcomes
            pillar={pillar}
            deliverables={{ title: sections.deliverables, items: service.deliverables }}
            benefits={{ title: sections.benefits, items: service.benefits }}
          />
          <ServiceSection id="testimonial" title="What Our Clients Say" hiddenTitle>
            <ServiceTestimonial pillar={pillar} testimonial={service.testimonial} />
          </ServiceSection>
          {related.length > 0 ? (
            <ServiceSection
              id="related"
              title={sections.related}
              tint="bg-slate-50"
              layout="stacked"
            >
              <RelatedServices services={related} />
            </ServiceSection>
          ) : null}
        </StaticIsland>
        <ServiceClosingCta pillar={pillar} />
      </BelowTheFold>
    </>
  );
}
