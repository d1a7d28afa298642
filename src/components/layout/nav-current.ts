import { isActivePath, resourcesNav } from '@/config/navigation';
import { paths } from '@/config/paths';

/**
 * How a navigation item relates to the page in view, as `aria-current`: `page` when it is that
 * page, `true` when the page belongs to its section (a service page under Services, a page below
 * a section's own URL), nothing otherwise.
 */
export function navCurrent(pathname: string, href: string): 'page' | 'true' | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === href) return 'page';
  if (isActivePath(path, href)) return 'true';
  if (href === paths.services && path.startsWith(paths.service(''))) return 'true';
  return undefined;
}

/** Whether the page in view is one of the Resources menu's pages (or below one). */
export function isResourcePage(pathname: string): boolean {
  return resourcesNav.some((item) => navCurrent(pathname, item.href) !== undefined);
}
