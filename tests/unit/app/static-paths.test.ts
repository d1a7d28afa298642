import { describe, expect, it } from 'vitest';

import { findRoute, isAppPath, notFoundRoute } from '@/app/route-table';
import { indexablePaths, staticPaths } from '@/app/static-paths';
import { isStaffAreaPath, paths, unlistedPaths } from '@/config/paths';

describe('the consultation page among the static paths', () => {
  it('is rendered ahead and routed like any public page', () => {
    expect(staticPaths()).toContain(paths.consultation);
    expect(isAppPath(paths.consultation)).toBe(true);
    expect(findRoute(paths.consultation)).not.toBe(notFoundRoute);
    expect(findRoute(paths.consultation).source).toBe('src/pages/consultation-page.tsx');
    // A public page: no staff frame, no session read, scripts after the first paint.
    expect(isStaffAreaPath(paths.consultation)).toBe(false);
  });

  it('stays out of the sitemap, as every unlisted page', () => {
    expect(unlistedPaths).toContain(paths.consultation);
    for (const path of unlistedPaths) expect(indexablePaths()).not.toContain(path);
    expect(indexablePaths()).toContain(paths.home);
  });
});
