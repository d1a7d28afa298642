import { Seo } from '@/components/layout/seo';
import { LazyServicesHeroArt } from '@/components/services/hero-art/lazy-services-hero-art';
import { PillarGroup } from '@/components/services/pillar-group';
import { ServicesClosingBanner } from '@/components/services/services-closing-banner';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { servicesPageContent } from '@/content/page-copy';
import { pillars } from '@/content/pillars';
import { routeMeta } from '@/content/seo';
import { getServiceSummariesByPillar } from '@/content/service-catalogue';
import { BelowTheFold } from '@/page-loading/below-the-fold';
import { HeroArtSlot } from '@/page-loading/hero-art-slot';
import { StaticIsland } from '@/page-loading/static-island';

const meta = routeMeta[paths.services];

export default function ServicesPage() {
  const pillarGroups = pillars.map((pillar, index) => (
    <PillarGroup
      key={pillar.id}
      id={pillar.id}
      label={pillar.label}
      title={pillar.title}
      description={pillar.description}
      services={getServiceSummariesByPillar(pillar.id)}
      tint={index % 2 === 1}
    />
  ));
  return (
    <>
      <Seo
        title={meta.title}
        description={meta.description}
        keywords={meta.keywords}
        path={paths.services}
      />
      <PageHero
        title={servicesPageContent.heading}
        intro={servicesPageContent.intro}
        art={
          <HeroArtSlot>
            <LazyServicesHeroArt />
          </HeroArtSlot>
        }
      >
        <nav aria-label="Service pillars">
          <ul className="flex flex-wrap gap-3">
            {pillars.map((pillar) => (
              <li key={pillar.id}>
                <a
                  href={`#${pillar.id}-services`}
                  className="inline-flex rounded-full border border-white/30 bg-white/10 px-4 py-2 text-sm font-semibold text-white hover:bg-white/20"
                >
                  {pillar.title} ({pillar.services.length})
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>
      <StaticIsland>{pillarGroups.slice(0, 1)}</StaticIsland>
      <BelowTheFold>
        <StaticIsland>{pillarGroups.slice(1)}</StaticIsland>
        <ServicesClosingBanner />
      </BelowTheFold>
    </>
  );
}
