import { paths } from '@/config/paths';

export type NavLink = { label: string; href: string };

/** Whether a navigation item for `href` is the current page or a page below it. */
export function isActivePath(pathname: string, href: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === href || (href !== '/' && path.startsWith(`${href}/`));
}

export const primaryNav: readonly NavLink[] = [
  { label: 'About', href: paths.about },
  { label: 'Services', href: paths.services },
];

export const resourcesNav: readonly (NavLink & { description: string })[] = [
  {
    label: 'Case Studies',
    href: paths.caseStudies,
    description: 'Results we have delivered for clients',
  },
  { label: 'Whitepapers', href: paths.whitepapers, description: 'In-depth guides to download' },
  { label: 'Articles', href: paths.articles, description: 'Insights from our consultants' },
];

export const footerServiceLinks: readonly NavLink[] = [
  { label: 'AI Readiness Assessment', href: paths.service('ai-readiness-assessment') },
  { label: 'Data Science & Analytics', href: paths.service('data-science-analytics') },
  { label: 'Digital Transformation', href: paths.service('digital-transformation') },
  { label: 'Data Strategy', href: paths.service('data-strategy') },
];

export const footerCompanyLinks: readonly NavLink[] = [
  { label: 'About Us', href: paths.about },
  { label: 'Case Studies', href: paths.caseStudies },
  { label: 'Whitepapers', href: paths.whitepapers },
];

export const footerLegalLinks: readonly NavLink[] = [
  { label: 'Privacy Policy', href: paths.privacyPolicy },
  { label: 'Cookie Policy', href: paths.cookiePolicy },
  { label: 'Modern Slavery Statement', href: paths.modernSlavery },
  { label: 'Carbon Reduction Plan', href: paths.carbonReductionPlan },
];
