import { paths } from '@/config/paths';

export type Crumb = { label: string; href: string };

/** Top-level sections that appear as a crumb after Home. */
const sectionLabels: Readonly<Record<string, string>> = {
  services: 'Services',
  about: 'About',
  'case-studies': 'Case Studies',
  whitepapers: 'Whitepapers',
  articles: 'Articles',
};

/**
 * The breadcrumb trail for a path: Home, then the section the path belongs to, and on a
 * service page the service's title. Returns [] when only Home would show (the bar is hidden).
 */
export function buildBreadcrumbs(
  pathname: string,
  serviceTitle: (slug: string) => string | undefined,
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: paths.home }];
  const [first, second] = segments;

  if (first === 'service') {
    crumbs.push({ label: 'Services', href: paths.services });
    const title = second ? serviceTitle(second) : undefined;
    if (second && title) crumbs.push({ label: title, href: paths.service(second) });
  } else if (first && segments.length === 1 && sectionLabels[first]) {
    crumbs.push({ label: sectionLabels[first], href: `/${first}` });
  }

  return crumbs.length > 1 ? crumbs : [];
}
