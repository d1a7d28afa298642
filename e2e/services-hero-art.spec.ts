import type { Page } from '@playwright/test';

import { serviceIconPaths } from '../src/components/services/service-icon';
import { serviceCatalogue } from '../src/content/service-catalogue';
import { expect, test } from './support/console-guard';
import { unexpectedLayoutShifts } from './support/layout-shift';

/** One service page per pillar. */
const examples = ['data-audits', 'genai-training-development', 'cloud-data-platform-design'];

/** The element of the page's latest largest-contentful-paint entry, described. */
function largestContentfulPaint(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ tag: string; inArt: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          resolve({
            tag: entry.element?.tagName.toLowerCase() ?? '(gone)',
            inArt: Boolean(entry.element?.closest('[data-hero-art]')),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

test.describe('hero art at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const slug of examples) {
    test(`/service/${slug} shows its own icon beside the text, moves nothing and is not the LCP`, async ({
      page,
    }) => {
      await page.goto(`/service/${slug}`);
      const heading = page.getByRole('heading', { level: 1 });
      const art = page.locator('[data-hero-art]');
      await expect(art).toHaveCount(1);
      await expect(art).toBeVisible();
      await expect(art).toHaveAttribute('aria-hidden', 'true');
      await expect(art).toHaveText('');

      const artBox = (await art.boundingBox())!;
      const headingBox = (await heading.boundingBox())!;
      expect(artBox.width).toBe(384);
      expect(artBox.height).toBe(384);
      expect(artBox.x).toBeGreaterThanOrEqual(1440 / 2);
      expect(artBox.x).toBeGreaterThan(headingBox.x + headingBox.width);

      // The first icon drawn is the large one at the centre: this service's own.
      const drawn = await art
        .locator('path')
        .evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
      const icons = drawn.filter((d) => Object.values(serviceIconPaths).includes(d!));
      expect(icons[0]).toBe(serviceIconPaths[slug]);
      expect(icons).toHaveLength(4);

      expect(await unexpectedLayoutShifts(page)).toEqual([]);
      const lcp = await largestContentfulPaint(page);
      expect(lcp.inArt, `LCP element: ${lcp.tag}`).toBe(false);
    });
  }

  test('a client-side navigation loads the art into its box', async ({ page }) => {
    await page.goto('/services');
    // A full page load would lose this; a client-side navigation keeps it.
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    await page.getByRole('link', { name: 'Data Audits' }).click();
    await expect(page).toHaveURL('/service/data-audits');
    const art = page.locator('[data-hero-art]');
    await expect(art.locator(`path[d="${serviceIconPaths['data-audits']}"]`)).toHaveCount(1);
    expect(await page.evaluate(() => 'stillThisDocument' in window)).toBe(true);
    const box = (await art.boundingBox())!;
    expect([box.width, box.height]).toEqual([384, 384]);
  });

  test('/services shows the three pillars and a dot per service, and moves nothing', async ({
    page,
  }) => {
    await page.goto('/services');
    const art = page.locator('[data-hero-art]');
    await expect(art).toBeVisible();
    await expect(art.locator('circle[r="1.2"]')).toHaveCount(serviceCatalogue.length);
    expect(await unexpectedLayoutShifts(page)).toEqual([]);
    expect((await largestContentfulPaint(page)).inArt).toBe(false);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const path of ['/services', `/service/${examples[0]}`]) {
    test(`${path} hides the hero art`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-hero-art]')).toBeHidden();
    });
  }

  /**
   * Each card's real height next to the placeholder height it has before it is first laid out,
   * once every card is laid out (the attribute scrollToSection sets).
   */
  async function cardHeights(page: Page, cards: string) {
    await page.evaluate(() => document.documentElement.setAttribute('data-layout-all', ''));
    return page.locator(cards).evaluateAll((articles) =>
      articles.map((article) => {
        // The placeholder sizes the content box: padding and border come on top.
        const style = getComputedStyle(article);
        const sides = [
          'paddingTop',
          'paddingBottom',
          'borderTopWidth',
          'borderBottomWidth',
        ] as const;
        return {
          real: article.getBoundingClientRect().height,
          placeholder:
            parseFloat(style.containIntrinsicHeight.split(' ').at(-1)!) +
            sides.reduce((sum, side) => sum + parseFloat(style[side]), 0),
        };
      }),
    );
  }

  /**
   * Each card within 20% of its placeholder (a line of description more or less than most) and,
   * for a long list, within 5% on average.
   */
  function expectClose(heights: { real: number; placeholder: number }[], { average = true } = {}) {
    expect(heights.length).toBeGreaterThan(0);
    for (const { real, placeholder } of heights)
      expect(
        Math.abs(real - placeholder) / real,
        `${real} px card, ${placeholder} px placeholder`,
      ).toBeLessThan(0.2);
    if (!average) return;
    const mean = heights.reduce((sum, { real }) => sum + real, 0) / heights.length;
    expect(Math.abs(mean - heights[0]!.placeholder) / mean).toBeLessThan(0.05);
  }

  test('service card placeholders stay close to the real cards (/services, related, home)', async ({
    page,
  }) => {
    await page.goto('/services');
    expectClose(await cardHeights(page, 'main section[id$="-services"] article'));

    await page.goto(`/service/${examples[1]}`);
    expectClose(await cardHeights(page, '#related article'), { average: false });

    await page.goto('/');
    const home: { real: number; placeholder: number }[] = [];
    for (const pillar of ['Data', 'AI', 'Digital']) {
      await page.getByRole('tab', { name: pillar }).click();
      home.push(...(await cardHeights(page, '[role="tabpanel"]:not([hidden]) article')));
    }
    expect(home).toHaveLength(serviceCatalogue.length);
    expectClose(home);
  });
});
