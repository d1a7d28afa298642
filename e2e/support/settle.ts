import { expect, type Page, type Request } from '@playwright/test';

/**
 * Call before the page loads. `quiet` resolves once no request the page made is still open, the
 * main thread has had idle time (so the code those requests brought has run, React's hydration
 * slices included) and two frames have been painted since.
 */
export function watchSettling(page: Page) {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    quiet: async () => {
      await expect.poll(() => open.size).toBe(0);
      await idleThenPainted(page);
    },
  };
}

/** Resolves once the page's main thread has had idle time and two frames have been painted since. */
export function idleThenPainted(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        );
      }),
  );
}
