import { describe, expect, it } from 'vitest';

import { appRoutes, findRoute, isSeparatelyLoaded, loadRoute } from '@/app/route-table';
import { separatePages } from '@/app/separate-routes';
import { isStaffAreaPath, paths, unlistedPaths } from '@/config/paths';

describe("the route table a public page's first load carries", () => {
  it('names the public pages only: every staff and booking page loads through a chunk of its own', () => {
    for (const { pattern } of appRoutes) {
      const staffOrBooking = isStaffAreaPath(pattern) || unlistedPaths.includes(pattern);
      expect(isSeparatelyLoaded(pattern), pattern).toBe(staffOrBooking);
    }
    const separate = appRoutes.filter(({ pattern }) => isSeparatelyLoaded(pattern));
    expect(Object.keys(separatePages).sort()).toEqual(
      separate.map(({ pattern }) => pattern).sort(),
    );
  });

  it('loads a separately loaded page by its route, as it loads a public one', async () => {
    const route = await loadRoute(paths.consultation);
    expect(route.source).toBe('src/pages/consultation-page.tsx');
    const module = await route.page.preload();
    expect(module.default).toBeTypeOf('function');
    expect(findRoute(`${paths.admin}`).source).toBe('src/pages/admin-page.tsx');
  });
});
