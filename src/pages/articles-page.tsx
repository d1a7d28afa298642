import type { ReactNode } from 'react';

import { Seo } from '@/components/layout/seo';
import { ArticleCard } from '@/components/resources/article-card';
import { ArticlesFollowCta } from '@/components/resources/articles-follow-cta';
import { ResourceGridSection } from '@/components/resources/resource-grid-section';
import { buttonClass } from '@/components/ui/button-styles';
import { ExternalLink } from '@/components/ui/external-link';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';
import { PageHero } from '@/components/ui/page-hero';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { articles, featuredArticles } from '@/content/articles';
import { articlesPageContent } from '@/content/resources-copy';
import { routeMeta } from '@/content/seo';
import { BelowTheFold } from '@/page-loading/below-the-fold';
import { StaticIsland } from '@/page-loading/static-island';

const meta = routeMeta[paths.articles];

export default function ArticlesPage() {
  const hasFeatured = featuredArticles.length > 0;
  return (
    <>
      <Seo
        title={meta.title}
        description={meta.description}
        keywords={meta.keywords}
        path={paths.articles}
      />
      <PageHero title={articlesPageContent.heading} intro={articlesPageContent.intro}>
        <ExternalLink
          href={site.linkedinUrl}
          className={buttonClass({ variant: 'inverse', size: 'lg' })}
        >
          <LinkedInIcon />
          {articlesPageContent.linkedinLabel}
        </ExternalLink>
      </PageHero>
      {hasFeatured ? (
        <ResourceGridSection id="must-read" title={articlesPageContent.featuredHeading}>
          <StaticIsland>
            <ul className="grid gap-8 lg:grid-cols-2">
              {featuredArticles.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} variant="featured" priority />
                </li>
              ))}
            </ul>
          </StaticIsland>
        </ResourceGridSection>
      ) : null}
      <AfterFeatured when={hasFeatured}>
        <ResourceGridSection
          id="all-articles"
          title={articlesPageContent.allHeading}
          className="bg-slate-50"
        >
          <StaticIsland>
            <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {articles.map((article, index) => (
                <li key={article.id}>
                  <ArticleCard article={article} priority={!hasFeatured && index < 3} />
                </li>
              ))}
            </ul>
          </StaticIsland>
        </ResourceGridSection>
        <ArticlesFollowCta />
      </AfterFeatured>
    </>
  );
}

/**
 * Under the featured pair, the full list starts beyond the first screen; with no featured pair,
 * it is the first screen.
 */
function AfterFeatured({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <BelowTheFold>{children}</BelowTheFold> : children;
}
