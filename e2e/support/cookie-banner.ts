import { expect, type Page, type Request } from '@playwright/test';

import { timings } from '../../src/config/site';

export const cookieBanner = (page: Page) =>
  page.getByRole('region', { name: 'We use cookies to enhance your experience' });

const BANNER_CODE = /\/assets\/cookie-banner-[\w-]+\.js$/;

export type BannerWatch = {
  /** Requests for the banner's chunk, which the consent code asks for once it decides to ask. */
  requested: string[];
  settle: () => Promise<void>;
};

/**
 * Call before the page loads, with the page clock installed: `settle` runs that clock past the
 * banner's delay and lets what it started finish (the banner's chunk, React's reveal of a
 * suspended boundary, which waits up to 300 ms, and the frames after). A banner absent then was
 * never coming, and `requested` says whether the consent code ever meant to show one.
 */
export function watchBanner(page: Page): BannerWatch {
  const requested: string[] = [];
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!BANNER_CODE.test(new URL(request.url()).pathname)) return;
    requested.push(request.url());
    inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    requested,
    settle: async () => {
      // A reload, unlike goto, does not wait for the app to take over (and start the delay).
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.clock.runFor(timings.cookieBannerDelayMs);
      await expect.poll(() => inFlight.size).toBe(0);
      await page.clock.runFor(500);
    },
  };
}
