import { Seo } from '@/components/layout/seo';
import { CaseStudyCard } from '@/components/resources/case-study-card';
import { ResourceGridSection } from '@/components/resources/resource-grid-section';
import { ResourcesCta } from '@/components/resources/resources-cta';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { caseStudies } from '@/content/case-studies';
import { caseStudiesPageContent } from '@/content/page-copy';
import { routeMeta } from '@/content/seo';
import { StaticIsland } from '@/hydration/static-island';

const meta = routeMeta[paths.caseStudies];

/** Cards in the first row at the widest layout load eagerly; the rest lazily. */
const FIRST_ROW = 3;

export default function CaseStudiesPage() {
  return (
    <>
      <Seo
        title={meta.title}
        description={meta.description}
        keywords={meta.keywords}
        path={paths.caseStudies}
      />
      <PageHero title={caseStudiesPageContent.heading} intro={caseStudiesPageContent.intro} />
      <ResourceGridSection
        id="case-studies"
        title="All case studies"
        hiddenTitle
        className="bg-slate-50"
      >
        <StaticIsland>
          <ul className="grid gap-8 lg:grid-cols-2 xl:grid-cols-3">
            {caseStudies.map((study, index) => (
              <li key={study.id}>
                <CaseStudyCard study={study} priority={index < FIRST_ROW} />
              </li>
            ))}
          </ul>
        </StaticIsland>
      </ResourceGridSection>
      <ResourcesCta />
    </>
  );
}
