/**
 * What each page of the sitemap is made of, for its `lastmod`: the content modules its copy
 * comes from, and the date the content itself declares where it has one (a policy's "Last
 * updated" or "Published", the newest article or whitepaper). Written out by hand per route, so a
 * new page gets no date by accident: a unit test fails for a sitemap route without an entry.
 * Layout and styling are left out on purpose: a new button colour is not new content.
 */
import { paths } from '../../src/config/paths.ts';
import { articles } from '../../src/content/articles.ts';
import { carbonReductionPlan } from '../../src/content/policies/carbon-reduction-plan.ts';
import { cookiePolicy } from '../../src/content/policies/cookie-policy.ts';
import { modernSlaveryStatement } from '../../src/content/policies/modern-slavery.ts';
import { privacyPolicy } from '../../src/content/policies/privacy-policy.ts';
import { serviceSlugs } from '../../src/content/service-catalogue.ts';
import { serviceDetailSources } from '../../src/content/service-details.ts';
import { whitepapers } from '../../src/content/whitepapers.ts';

export type PageSources = {
  /** Content modules, from the repository root. */
  files: readonly string[];
  /** An ISO date (YYYY-MM-DD) the content declares as its own last change. */
  declaredDate?: string;
};

const content = (...names: string[]) => names.map((name) => `src/content/${name}.ts`);

const newest = (dates: readonly string[]) => dates.reduce((a, b) => (b > a ? b : a));

const policy = (name: string, document: { date: string }): PageSources => ({
  files: content(`policies/${name}`, 'policies/policy-blocks'),
  declaredDate: document.date,
});

const fixedPages: Readonly<Record<string, PageSources>> = {
  [paths.home]: {
    files: content(
      'home',
      'faq',
      'accreditations',
      'clients',
      'frameworks',
      'pillars',
      'service-catalogue',
      'testimonials',
      'contact-options',
    ),
  },
  [paths.services]: { files: content('page-copy', 'pillars', 'service-catalogue') },
  [paths.about]: { files: content('about', 'team', 'home') },
  [paths.caseStudies]: { files: content('case-studies', 'resources-copy') },
  [paths.whitepapers]: {
    files: content('whitepapers', 'resources-copy'),
    declaredDate: newest(whitepapers.map((paper) => paper.publishDate)),
  },
  [paths.articles]: {
    files: content('articles', 'resources-copy'),
    declaredDate: newest(articles.map((article) => article.publishDate)),
  },
  [paths.privacyPolicy]: policy('privacy-policy', privacyPolicy),
  [paths.cookiePolicy]: policy('cookie-policy', cookiePolicy),
  [paths.modernSlavery]: policy('modern-slavery', modernSlaveryStatement),
  [paths.carbonReductionPlan]: policy('carbon-reduction-plan', carbonReductionPlan),
};

const servicePages: Readonly<Record<string, PageSources>> = Object.fromEntries(
  serviceSlugs.map((slug) => [
    paths.service(slug),
    { files: [...content('service-catalogue', 'page-copy'), ...serviceDetailSources(slug)] },
  ]),
);

/** The sources of a sitemap page, or undefined for a path that has none written out. */
export function pageSources(path: string): PageSources | undefined {
  return fixedPages[path] ?? servicePages[path];
}
