import { AboutCta } from '@/components/about/about-cta';
import { MissionSection } from '@/components/about/mission-section';
import { TeamSection } from '@/components/about/team-section';
import { ValuesSection } from '@/components/about/values-section';
import { Seo } from '@/components/layout/seo';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { aboutHero } from '@/content/about';
import { heroStats } from '@/content/home';
import { routeMeta } from '@/content/seo';
import { StaticIsland } from '@/hydration/static-island';

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
        <dl className="grid w-full max-w-2xl grid-cols-3 gap-4 border-t border-white/15 pt-8">
          {heroStats.map((stat) => (
            <div key={stat.label} className="flex flex-col gap-1">
              <dt className="order-2 text-sm leading-5 text-slate-300">{stat.label}</dt>
              <dd className="order-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
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
