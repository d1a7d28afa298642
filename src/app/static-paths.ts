import { paths, privatePaths } from '@/config/paths';
import { serviceSlugs } from '@/content/service-catalogue';

/** Every URL the static build renders, in sitemap order. */
export function staticPaths(): string[] {
  return [
    paths.home,
    paths.services,
    ...serviceSlugs.map((slug) => paths.service(slug)),
    paths.about,
    paths.caseStudies,
    paths.whitepapers,
    paths.articles,
    paths.privacyPolicy,
    paths.cookiePolicy,
    paths.modernSlavery,
    paths.carbonReductionPlan,
    ...privatePaths,
  ];
}

/** The URLs search engines should index: everything but the staff area. */
export function indexablePaths(): string[] {
  return staticPaths().filter((path) => !privatePaths.includes(path));
}

/** The path the not-found page is rendered under for 404.html. */
export const NOT_FOUND_RENDER_PATH = '/404';
