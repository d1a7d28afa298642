import { describe, expect, it, vi } from 'vitest';

import { lazyPage } from '@/page-loading/lazy-page';

const Page = () => null;

describe('lazyPage', () => {
  it('loads the module once, however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const page = lazyPage(load);
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next preload (or the navigation) tries again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce({ default: Page });
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('network down');
    await expect(page.preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
