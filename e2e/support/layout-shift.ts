import type { Page } from '@playwright/test';

/** One layout shift that no input caused, with the elements it moved (for a failure message). */
export type LayoutShift = {
  value: number;
  /** Milliseconds since the navigation started. */
  atMs: number;
  /** Each moved element as `tag#id.class` with its box before and after, `x,y wxh`. */
  moved: string[];
};

/**
 * The layout shifts of the current document so far that no input caused (the ones that
 * Lighthouse's and Core Web Vitals' CLS count), from the buffered `layout-shift` entries, less
 * those that move every element by under a pixel. A test expects none:
 * `expect(await unexpectedLayoutShifts(page)).toEqual([])` prints what moved.
 */
export function unexpectedLayoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        type Source = {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        };
        type Entry = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Source[];
        };
        const box = (rect: DOMRectReadOnly) =>
          `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
        const describe = (node: Node | null | undefined) => {
          if (!(node instanceof Element)) return node ? node.nodeName : '(gone)';
          const id = node.id ? `#${node.id}` : '';
          const classes = [...node.classList]
            .slice(0, 4)
            .map((name) => `.${name}`)
            .join('');
          return `${node.tagName.toLowerCase()}${id}${classes}`;
        };
        // Chrome also reports moves of a fraction of a pixel (fractional layout settling as a
        // content-visibility block renders): nothing on screen visibly moves, so they are not
        // counted. A move of a whole pixel or more in any source always is.
        const subPixel = (source: Source) =>
          (['x', 'y', 'width', 'height'] as const).every(
            (side) => Math.abs(source.previousRect[side] - source.currentRect[side]) < 1,
          );
        const shifts: LayoutShift[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Entry[]) {
            if (entry.hadRecentInput) continue;
            const sources = entry.sources ?? [];
            if (sources.length > 0 && sources.every(subPixel)) continue;
            shifts.push({
              value: entry.value,
              atMs: Math.round(entry.startTime),
              moved: sources.map(
                (source) =>
                  `${describe(source.node)}: ${box(source.previousRect)} -> ${box(source.currentRect)}`,
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shifts), 200);
      }),
  );
}
