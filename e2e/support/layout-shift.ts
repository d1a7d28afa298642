import type { Page } from '@playwright/test';

/**
 * The page's cumulative layout shift so far that no input caused (the CLS that Lighthouse and
 * Core Web Vitals count), from the buffered `layout-shift` entries of the current document.
 */
export function unexpectedLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}
