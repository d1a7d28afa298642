import type { ReactNode } from 'react';

import { Seo } from '@/components/layout/seo';
import { ResourceGridSection } from '@/components/resources/resource-grid-section';
import { ResourcesCta } from '@/components/resources/resources-cta';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { caseStudiesPageContent, whitepapersPageContent } from '@/content/resources-copy';
import { routeMeta } from '@/content/seo';
import { BelowTheFold } from '@/page-loading/below-the-fold';
import { StaticIsland } from '@/page-loading/static-island';

/** Cards in the first row at the widest layout load their cover eagerly; the rest lazily. */
const FIRST_ROW = 3;

/** What differs between the two list pages: words, the grid section's id and the columns. */
const lists = {
  [paths.caseStudies]: {
    copy: caseStudiesPageContent,
    sectionId: 'case-studies',
    sectionTitle: 'All case studies',
    grid: 'lg:grid-cols-2 xl:grid-cols-3',
  },
  [paths.whitepapers]: {
    copy: whitepapersPageContent,
    sectionId: 'whitepapers',
    sectionTitle: 'All whitepapers',
    grid: 'md:grid-cols-2 xl:grid-cols-3',
  },
};

type ResourceListPageProps<T extends { id: string }> = {
  path: keyof typeof lists;
  items: readonly T[];
  /** One card; `priority` is true for the first row. */
  card: (item: T, priority: boolean) => ReactNode;
};

/**
 * /case-studies and /whitepapers: hero, one grid of static cards (its heading for screen readers
 * only, the hero already says it), then the closing call to action. On a client-side navigation
 * the cards after the first row and the call to action follow the first screen a frame later.
 */
export function ResourceListPage<T extends { id: string }>({
  path,
  items,
  card,
}: ResourceListPageProps<T>) {
  const meta = routeMeta[path];
  const { copy, sectionId, sectionTitle, grid } = lists[path];
  return (
    <>
      <Seo title={meta.title} description={meta.description} keywords={meta.keywords} path={path} />
      <PageHero title={copy.heading} intro={copy.intro} />
      <ResourceGridSection id={sectionId} title={sectionTitle} hiddenTitle className="bg-slate-50">
        <ul className={`grid gap-8 ${grid}`}>
          {items.map((item, index) => {
            const inFirstRow = index < FIRST_ROW;
            const content = <StaticIsland>{card(item, inFirstRow)}</StaticIsland>;
            return (
              <li key={item.id}>
                {inFirstRow ? content : <BelowTheFold fallback={null}>{content}</BelowTheFold>}
              </li>
            );
          })}
        </ul>
      </ResourceGridSection>
      <BelowTheFold fallback={null}>
        <ResourcesCta />
      </BelowTheFold>
    </>
  );
}
