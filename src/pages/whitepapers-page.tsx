import { Seo } from '@/components/layout/seo';
import { ResourceGridSection } from '@/components/resources/resource-grid-section';
import { ResourcesCta } from '@/components/resources/resources-cta';
import { WhitepaperCard } from '@/components/resources/whitepaper-card';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { whitepapersPageContent } from '@/content/page-copy';
import { routeMeta } from '@/content/seo';
import { whitepapers } from '@/content/whitepapers';
import { StaticIsland } from '@/hydration/static-island';

const meta = routeMeta[paths.whitepapers];
const FIRST_ROW = 3;

export default function WhitepapersPage() {
  return (
    <>
      <Seo
        title={meta.title}
        description={meta.description}
        keywords={meta.keywords}
        path={paths.whitepapers}
      />
      <PageHero title={whitepapersPageContent.heading} intro={whitepapersPageContent.intro} />
      <ResourceGridSection
        id="whitepapers"
        title="All whitepapers"
        hiddenTitle
        className="bg-slate-50"
      >
        <StaticIsland>
          <ul className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
            {whitepapers.map((paper, index) => (
              <li key={paper.id}>
                <WhitepaperCard paper={paper} priority={index < FIRST_ROW} />
              </li>
            ))}
          </ul>
        </StaticIsland>
      </ResourceGridSection>
      <ResourcesCta />
    </>
  );
}
