import { paths } from '@/config/paths';
import { adminSectionPaths } from '@/features/staff-frame/admin-section-paths';
import { lazyPage, type LazyPage } from '@/page-loading/lazy-page';

/**
 * The staff area's pages and the booking page, by route pattern. This chunk is loaded the first
 * time one of them is wanted, so the public pages' first load does not name their code.
 */
export const separatePages: Readonly<Record<string, LazyPage>> = {
  [paths.consultation]: lazyPage(() => import('@/pages/consultation-page')),
  [paths.auth]: lazyPage(() => import('@/pages/auth-page')),
  [paths.admin]: lazyPage(() => import('@/pages/admin-page')),
  [adminSectionPaths.needsReply]: lazyPage(() => import('@/pages/admin-needs-reply-page')),
  [adminSectionPaths.dataRequests]: lazyPage(() => import('@/pages/admin-data-requests-page')),
  [adminSectionPaths.staff]: lazyPage(() => import('@/pages/admin-staff-page')),
  [adminSectionPaths.availability]: lazyPage(() => import('@/pages/admin-availability-page')),
};
