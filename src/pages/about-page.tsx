import { AboutCta } from '@/components/about/about-cta';
import { MissionSection } from '@/components/about/mission-section';
import { TeamSection } from '@/components/about/team-section';
import { ValuesSection } from '@/components/about/values-section';
import { HeroStats } from '@/components/home/hero-stats';
import { Seo } from '@/components/layout/seo';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { aboutHero } from '@/content/about';
import { routeMeta } from '@/content/seo';
import { StaticIsland } from '@/page-loading/static-island';

const meta = routeMeta[paths.about];

export default function AboutPage() {
  return (
    <>
      <Seo
        title={meta.title}
        description={meta.description}
        keywords={[...site.defaultKeywords, ...(meta.keywords ?? [])]}
        path={paths.about}
      />
      <PageHero
        eyebrow={
          <p className="text-sm font-bold tracking-widest text-brand-200 uppercase">
            About {site.name}
          </p>
        }
        title={aboutHero.heading}
        intro={aboutHero.intro}
      >
        <HeroStats className="w-full max-w-2xl" />
      </PageHero>
      <StaticIsland>
        <MissionSection />
        <ValuesSection />
      </StaticIsland>
      <TeamSection />
      <AboutCta />
    </>
  );
}
